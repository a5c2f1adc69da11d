"""The Omaha games on the page: hands of 4 to 6 cards typed or picked, Omaha ranges counted by the
server, pattern shortcuts instead of the two-card grid, Hi/Lo columns, one-line errors."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import load
from test_games import cards, choose_game
from test_page import WAIT, calculate, css, screenshot, type_range

# equity --game omaha-hilo As2sQhJh 7c7d8h3h --board 2c3d4hKs: 70,560 pot units of 40 x 5,040.
EQUITY_1 = "35.000%"


def shown(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector).is_displayed()


def test_omaha_hilo_hands_give_the_clis_answer_with_hi_lo_columns(page, shots):
    choose_game(page, "omaha-hilo")
    # The grid and its tools give way to the pattern shortcuts and a hint.
    assert not shown(page, "#grid-editor") and not shown(page, "#percent")
    assert shown(page, "#shortcuts") and "AA**" in css(page, "#omaha-tools").text
    assert len(cards(page)) == 52
    type_range(page, 1, "As2sQhJh")
    type_range(page, 2, "7c7d8h3h")
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#count-2").text == "1 hand")
    css(page, "#board").send_keys("2c3d4hKs")
    calculate(page)
    # The CLI: equity --game omaha-hilo As2sQhJh 7c7d8h3h --board 2c3d4hKs --json
    assert css(page, "#equity-1").text == EQUITY_1
    heads = [th.text for th in page.find_elements(By.CSS_SELECTOR, "#results th")]
    assert heads == ["#", "Hand / range", "Equity", "Scoop", "High win", "High tie", "Low win", "Low tie",
                     "Low made", "Hands"]
    assert css(page, "#results tbody tr:nth-child(2) .low-made span").text == "100.000%"  # every river
    assert "40 showdowns" in css(page, "#showdowns").text
    assert not shown(page, "#details-panel")
    WebDriverWait(page, WAIT).until(lambda d: "game=omaha-hilo" in d.current_url)
    screenshot(page, shots, "desktop-omaha-hilo")
    # The URL keeps the game.
    shared = page.current_url
    page.get("about:blank")
    load(page, shared)
    assert css(page, "#game").get_attribute("value") == "omaha-hilo"
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#equity-1").text == EQUITY_1)


def test_omaha_ranges_show_the_servers_count_and_shortcuts_fill_them(page, shots):
    choose_game(page, "omaha")
    type_range(page, 1, "AA**:$ds")
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#count-1").text == "864 hands")
    css(page, "#range-2").click()
    css(page, "#shortcuts [data-pattern='random']").click()
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#count-2").text == "270,725 hands")
    assert css(page, "#range-2").get_attribute("value") == "random"
    # The board's cards leave the count: C(49, 4).
    css(page, "#board").send_keys("2c3d4h")
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#count-2").text == "211,876 hands")
    calculate(page)
    assert css(page, "#equity-1").text.endswith("%")
    heads = [th.text for th in page.find_elements(By.CSS_SELECTOR, "#results th")]
    assert "Scoop" not in heads and "Win" in heads  # the high-only game: Hold'em's table
    screenshot(page, shots, "desktop-omaha-ranges")


def test_the_card_picker_fills_the_players_hand(page):
    choose_game(page, "omaha5")
    type_range(page, 1, "")
    css(page, "#range-1").click()
    css(page, "#pick-hand").click()
    for card in ("As", "Ks", "Qh", "Jh", "Td", "9d"):  # the sixth does not fit a hand of five
        css(page, f"#deck [data-card='{card}']").click()
    assert css(page, "#range-1").get_attribute("value") == "AsKsQhJhTd"
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#count-1").text == "1 hand")
    assert "in-hand" in css(page, "#deck [data-card='As']").get_attribute("class")
    css(page, "#deck [data-card='Qh']").click()  # a card of the hand leaves it
    assert css(page, "#range-1").get_attribute("value") == "AsKsJhTd"


def test_bad_omaha_input_is_one_line_beside_the_player(page, phone, url, shots):
    choose_game(page, "omaha")
    type_range(page, 1, "AsKsQhJhTd")  # five cards in a PLO4 hand
    message = WebDriverWait(page, WAIT).until(lambda d: css(d, "#error-range-1").text)
    assert "\n" not in message and "4" in message
    type_range(page, 2, "AsAs")  # a pattern that matches no hand
    WebDriverWait(page, WAIT).until(lambda d: "matches no" in css(d, "#error-range-2").text)
    type_range(page, 2, "AA:(")  # a syntax error
    WebDriverWait(page, WAIT).until(lambda d: "position" in css(d, "#error-range-2").text)
    calculate(page)
    assert "\n" not in css(page, "#error").text and css(page, "#error").text
    assert not page.find_elements(By.CSS_SELECTOR, "#equity-1")
    screenshot(page, shots, "desktop-omaha-error")
    # On a phone the Omaha page and its Hi/Lo table fit the screen's width.
    phone.get("about:blank")
    load(phone, url + "#p=As2sQhJhTd9d&p=7c7d8h3h5c6c&board=2c3d4hKs&game=omaha6-hilo&go=1")
    WebDriverWait(phone, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#results .low-made"))
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 375
    screenshot(phone, shots, "phone-omaha6-hilo")
    phone.execute_script("document.querySelector('#run-panel').scrollIntoView()")
    phone.save_screenshot(str(shots / "phone-omaha6-hilo-results.png"))
