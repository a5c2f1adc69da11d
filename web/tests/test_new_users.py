"""What broke for new users (issue 37): exact Omaha details, the answer in view on a phone, one
word and one count for a holding, the colour key, the details' player, errors that outlive their
range, links pasted into the address bar, and each game's own example hands."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import load, make_driver
from test_games import ask, choose_game
from test_page import WAIT, calculate, css, details_done, screenshot, type_range


def shown(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector).is_displayed()


def in_view(driver, selector):
    return driver.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;", selector)


def test_exact_omaha_details_come_from_the_sweep_and_a_refusal_keeps_the_hits(page, shots):
    # AA** against KK** on a turn: the sweep answers exactly, and each hand's equity with it.
    ask(page, "omaha", "AA**", "KK**", "Qs7h2c3d")
    assert "sweep" in css(page, "#mode").text
    details_done(page)
    assert "(exact," in css(page, "#details-status").text
    rows = page.find_elements(By.CSS_SELECTOR, "#per-combo tbody tr")
    assert rows[-1].text == "show all 5,853 hands"
    assert "one pair" in css(page, "#hits").text
    assert "--" not in css(page, "#details-panel").text  # no command-line flags on the page
    page.execute_script("document.querySelector('#details-panel').scrollIntoView()")
    screenshot(page, shots, "desktop-omaha-exact-details", top=False)
    # Three players on a flop are sampled, and their 18,000 hands are too many: the status says
    # why, the new question's hits are shown, and nothing of AA** against KK** stays below.
    css(page, "#add-player").click()
    type_range(page, 3, "QQ**")
    board = css(page, "#board")
    board.send_keys(Keys.CONTROL, "a")
    board.send_keys("2c7d9h")
    css(page, "#mc-time").send_keys("0.5")
    calculate(page)
    status = WebDriverWait(page, WAIT).until(lambda d: "3,000" in css(d, "#details-status").text and css(d, "#details-status").text)
    assert "narrow the ranges" in status and "--" not in status
    assert "stale" not in css(page, "#details-panel").get_attribute("class")
    assert not css(page, "#details-stale").text
    assert "5,853" not in css(page, "#per-combo").text and "Not computed" in css(page, "#per-combo").text
    assert "Not computed" in css(page, "#distribution").text
    assert shown(page, "#hits") and "one pair" in css(page, "#hits").text
    Select(css(page, "#detail-player")).select_by_value("2")
    assert "one pair" in css(page, "#hits").text
    page.execute_script("document.querySelector('#details-panel').scrollIntoView()")
    screenshot(page, shots, "desktop-omaha-details-refused", top=False)


def test_on_a_phone_enter_brings_the_answer_into_view(phone, url, shots):
    load(phone, url)
    type_range(phone, 1, "QQ+,AKs")
    type_range(phone, 2, "JJ")
    css(phone, "#range-2").send_keys(Keys.ENTER)
    WebDriverWait(phone, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#equity-1"))
    WebDriverWait(phone, WAIT).until(lambda d: in_view(d, "#equity-1"))
    assert in_view(phone, "#calculate")
    phone.save_screenshot(str(shots / "phone-enter-answer.png"))


def test_hi_lo_on_a_phone_shows_every_column_without_scrolling(phone, url, shots):
    phone.get("about:blank")
    load(phone, url + "#p=As2sQhJhTd9d&p=7c7d8h3h5c6c&board=2c3d4hKs&game=omaha6-hilo&go=1")
    WebDriverWait(phone, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#results .low-made"))
    table = css(phone, "#results")
    assert phone.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", table)
    for what in ("scoop", "high-win", "high-tie", "low-win", "low-tie", "low-made"):
        for cell in phone.find_elements(By.CSS_SELECTOR, f"#results .{what}"):
            assert cell.is_displayed() and cell.size["width"] > 30, what
            assert cell.location["x"] + cell.size["width"] <= 375, what
    assert css(phone, "#results tbody tr:nth-child(2) .low-made").text.endswith("100.0%")
    label = phone.execute_script("return getComputedStyle(arguments[0], '::before').content",
                                 css(phone, "#results tbody tr:nth-child(2) .low-made"))
    assert label == '"Low made"'
    phone.execute_script("document.querySelector('#run-panel').scrollIntoView()")
    phone.save_screenshot(str(shots / "phone-hilo-cards.png"))


def test_one_word_and_labelled_counts_for_a_holding(page, shots):
    choose_game(page, "omaha")
    type_range(page, 1, "AsKsQhJh")
    type_range(page, 2, "AA**:$ds")
    css(page, "#board").send_keys("2c7d9h")
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#count-2").text == "759 hands")
    calculate(page)
    heads = [th.text for th in page.find_elements(By.CSS_SELECTOR, "#results th")]
    assert heads[-1] == "Hands"  # Omaha's word (/api/games), not Hold'em's "Combos"
    # The answer deals 319 of the range's 759 hands on this board (the others hold a card of
    # AsKsQhJh): said beside the answer, and the hits say theirs are of the 759.
    note = css(page, "#count-note").text
    assert "319 of the range's 759" in note and "another player's hand" in note
    details_done(page)
    Select(css(page, "#detail-player")).select_by_value("1")
    assert "Of the range's 759 hands on the board" in css(page, "#hits").text
    assert "319 hands" in css(page, "#distribution").text
    screenshot(page, shots, "desktop-omaha-counts")
    # Hold'em keeps its word.
    choose_game(page, "holdem")
    type_range(page, 1, "AsAc")
    type_range(page, 2, "KhQh")
    page.execute_script("document.querySelector('#board').value = ''")
    calculate(page)
    assert [th.text for th in page.find_elements(By.CSS_SELECTOR, "#results th")][-1] == "Combos"
    assert not css(page, "#count-note").is_displayed()
    # The same in Hold'em: QQ+,AKs's AA and AKs lose the combos holding As or Ac.
    type_range(page, 2, "QQ+,AKs")
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#count-2").text == "22 combos")
    calculate(page)
    assert "Player 2 is dealt 15 of the range's 22 combos" in css(page, "#count-note").text


def test_the_colour_key_is_visible(page, phone, url):
    load(phone, url)
    for driver in (page, phone):
        for swatch in driver.find_elements(By.CSS_SELECTOR, "#players .swatch"):
            assert swatch.size["width"] >= 8, swatch.size


def test_offered_details_name_the_players(page):
    ask(page, "omaha", "AsKsQhJh", "random", "2c7d9h4s")
    WebDriverWait(page, WAIT).until(lambda d: shown(d, "#details-offer"))
    options = [o.text for o in page.find_elements(By.CSS_SELECTOR, "#detail-player option")]
    assert options == ["player 1", "player 2"]


def test_an_error_goes_when_its_range_is_changed(page):
    type_range(page, 1, "AsAc")
    type_range(page, 2, "KhQz")
    calculate(page)
    assert "Qz" in css(page, "#error").text
    type_range(page, 2, "KhQh")
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#error").text == "")
    # An error about another field stays.
    css(page, "#board").send_keys("Ks7")
    calculate(page)
    assert css(page, "#error").text
    type_range(page, 1, "AsAd")
    assert css(page, "#error").text


def test_a_pasted_link_is_taken_at_once(page):
    assert css(page, "#range-1").get_attribute("value") == "AsAc"
    page.execute_script("location.hash = '#p=QQ%2B%2CAKs&p=JJ%2CAQs&board=Ks7h2c&go=1'")
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#range-1").get_attribute("value") == "QQ+,AKs")
    assert css(page, "#board").get_attribute("value") == "Ks7h2c"
    WebDriverWait(page, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#equity-1")
                                    and css(d, "#equity-1").text == "92.645%")
    # Another game's link, not calculated: the game and hands change, the old answer goes.
    page.execute_script("location.hash = '#p=AsAhKsQh&p=JdTd9c8c&game=omaha'")
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#game").get_attribute("value") == "omaha")
    assert css(page, "#range-2").get_attribute("value") == "JdTd9c8c"
    assert not page.find_elements(By.CSS_SELECTOR, "#equity-1")


def test_another_game_takes_its_own_example_hands(page, shots):
    assert [css(page, f"#range-{n}").get_attribute("value") for n in (1, 2)] == ["AsAc", "KhQh"]
    choose_game(page, "shortdeck")  # the same hands are short deck's examples too
    assert css(page, "#range-1").get_attribute("value") == "AsAc"
    choose_game(page, "omaha")
    assert [css(page, f"#range-{n}").get_attribute("value") for n in (1, 2)] == ["AsAhKsQh", "JdTd9c8c"]
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#count-1").text == "1 hand")
    calculate(page)
    assert css(page, "#equity-1").text.endswith("%") and not css(page, "#error").text
    choose_game(page, "omaha6-hilo")
    assert css(page, "#range-1").get_attribute("value") == "As2sKhQhJdTd"
    calculate(page)
    assert css(page, "#equity-1").text.endswith("%") and not css(page, "#error").text
    # A range of the user's own stays as typed.
    type_range(page, 2, "KK**")
    choose_game(page, "omaha")
    assert css(page, "#range-2").get_attribute("value") == "KK**"
    assert css(page, "#range-1").get_attribute("value") == "AsAhKsQh"


def test_the_readmes_picture_is_an_omaha_question_answered(url, shots):
    """docs/serve.png is this screenshot (build/release/web-screenshots/readme.png), copied by hand."""
    driver = make_driver(1280, 1240)
    try:
        load(driver, url + "#p=AA**%3A%24ds&p=KK**&board=Qs7h2c&game=omaha&go=1")
        details_done(driver)
        # A link's board is read before its ranges are counted: AA**:$ds has 759 hands on Qs7h2c.
        WebDriverWait(driver, WAIT).until(lambda d: css(d, "#count-1").text == "759 hands")
        assert "sweep" in css(driver, "#mode").text and "(exact," in css(driver, "#details-status").text
        assert css(driver, "#game-summary").text and "Omaha" in Select(css(driver, "#game")).first_selected_option.text
        driver.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
        driver.save_screenshot(str(shots / "readme.png"))
    finally:
        driver.quit()
