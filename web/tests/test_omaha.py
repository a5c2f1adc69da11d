"""The Omaha games on the page: hands of 4 to 6 cards typed or picked, Omaha ranges counted by the
server, pattern shortcuts instead of the two-card grid, Hi/Lo columns, one-line errors."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import load
from test_games import ask, cards, choose_game
from test_page import WAIT, calculate, css, details_done, screenshot, type_range

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
    # The details: on a turn, one hand each (no matrix; the hits of Omaha's names).
    details_done(page)
    assert shown(page, "#details-panel") and not shown(page, "#matrix-detail")
    Select(css(page, "#detail-player")).select_by_value("0")
    assert combo_rows(page) == [["A♠Q♥J♥2♠", "35.00%", "1", "15", "0", "40"]]
    assert "low draw" in css(page, "#hits").text and "gutshot" in css(page, "#hits").text
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


def combo_rows(driver):
    """The per-combo table's rows, each a list of its cells' texts (as shown: a hidden cell's is empty).

    One script for the whole table: a WebDriver call per cell took 34 s for 319 rows."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#per-combo tbody tr')].map(tr => [...tr.querySelectorAll('td')]"
        ".map(td => getComputedStyle(td).display === 'none' ? '' : td.innerText.replace(/\\s+/g, ' ').trim()));")


def omaha_details(driver, game):
    choose_game(driver, game)
    type_range(driver, 1, "AsKsQhJh")
    type_range(driver, 2, "AA**:$ds")
    WebDriverWait(driver, WAIT).until(lambda d: css(d, "#count-2").text == "864 hands")
    css(driver, "#board").send_keys("2c7d9h")
    calculate(driver)
    details_done(driver)
    Select(css(driver, "#detail-player")).select_by_value("1")


def test_omaha_details_list_each_hand_its_hits_and_the_distribution(page, phone, url, shots):
    omaha_details(page, "omaha")
    # The CLI: equity --game omaha AsKsQhJh 'AA**:$ds' --board 2c7d9h --per-combo --distribution --hits --json
    assert css(page, "#equity-1").text == "10.402%" and css(page, "#equity-2").text == "89.598%"
    assert "(exact," in css(page, "#details-status").text
    assert "319 hands" in css(page, "#distribution").text and css(page, "#hits th:nth-child(2)").text == "Hands"
    assert not shown(page, "#matrix-detail")  # Omaha's hands have no 13x13 grid
    assert css(page, "#per-combo-title").text.lower() == "per hand"
    heads = [th.text.strip(" ▲▼") for th in page.find_elements(By.CSS_SELECTOR, "#per-combo th")]
    assert heads == ["Hand", "Equity", "Weight", "Wins", "Ties", "Showdowns"]
    rows = combo_rows(page)
    assert len(rows) == 101 and rows[-1][0] == "show all 319 hands"  # 319 hands: 100 shown, then a button
    # The best first: AhAcTh8c and AhAdTh8d win 773 of 820 rivers, then AhAc7h7c 772.
    assert sorted(r[0] for r in rows[:2]) == ["A♥A♣T♥8♣", "A♥A♦T♥8♦"]
    assert rows[0][1:] == ["94.27%", "1", "773", "0", "820"]
    assert rows[2] == ["A♥A♣7♥7♣", "94.15%", "1", "772", "0", "820"]
    # By the hand's cards: aces of hearts and diamonds with the king and queen of those suits first.
    css(page, '#per-combo th[data-key="combo"]').click()
    rows = combo_rows(page)
    assert rows[0] == ["A♥A♦K♥K♦", "93.29%", "1", "765", "0", "820"]
    assert rows[1] == ["A♥A♦K♥Q♦", "93.60%", "1", "759", "17", "820"]
    css(page, "#per-combo [data-more]").click()
    assert len(combo_rows(page)) == 319
    # What AA**:$ds hits on 2c7d9h (the other players' hands not removed: 759 hands).
    hits = {tr.find_element(By.CSS_SELECTOR, "td").text: tr.find_elements(By.CSS_SELECTOR, "td")[-1].text
            for tr in page.find_elements(By.CSS_SELECTOR, "#hits tbody tr")}
    assert hits == {"three of a kind": "1.2%", "two pair": "2.8%", "one pair": "96.0%", "open-ended": "3.2%",
                    "gutshot": "7.9%"}
    assert page.find_elements(By.CSS_SELECTOR, "#distribution svg path")
    assert css(page, "#distribution .buckets div b").text == "100.0%"  # every hand above 75%
    assert page.execute_script("return document.documentElement.scrollWidth") <= 1280
    page.execute_script("document.querySelector('#details-panel').scrollIntoView()")
    screenshot(page, shots, "desktop-omaha-details", top=False)
    # A phone: the details in one column, nothing wider than the screen.
    phone.get("about:blank")
    load(phone, url + "#p=AsKsQhJh&p=AA**%3A%24ds&board=2c7d9h&game=omaha&go=1")
    details_done(phone)
    Select(css(phone, "#detail-player")).select_by_value("1")
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 375
    # The per-hand table fits its box: no sideways scrolling (the weight column is left out).
    assert phone.execute_script("const box = document.querySelector('#per-combo').parentElement;"
                                "return box.scrollWidth <= box.clientWidth")
    phone.execute_script("document.querySelector('#details-panel').scrollIntoView()")
    screenshot(phone, shots, "phone-omaha-details", top=False)
    phone.execute_script("document.querySelector('#per-combo').scrollIntoView()")
    screenshot(phone, shots, "phone-omaha-per-hand", top=False)


def test_omaha_hilo_details_name_the_highs_counts_and_the_low_draw(page, shots):
    omaha_details(page, "omaha-hilo")
    # The CLI: equity --game omaha-hilo AsKsQhJh 'AA**:$ds' --board 2c7d9h --per-combo --distribution --hits --json
    assert css(page, "#equity-1").text == "9.352%" and css(page, "#equity-2").text == "90.648%"
    heads = [th.text.strip(" ▲▼") for th in page.find_elements(By.CSS_SELECTOR, "#per-combo th")]
    assert heads == ["Hand", "Equity", "Weight", "High wins", "High ties", "Showdowns"]
    assert "low draw" in css(page, "#hits").text and "69.2%" in css(page, "#hits").text  # 525 of 759 hands
    Select(css(page, "#detail-player")).select_by_value("0")
    # Equity is the share of the pot; wins and ties the high's (the low is never AsKsQhJh's).
    assert combo_rows(page) == [["A♠K♠Q♥J♥", "9.35%", "1", "27,074", "272", "261,580"]]
    page.execute_script("document.querySelector('#details-panel').scrollIntoView()")
    screenshot(page, shots, "desktop-omaha-hilo-details", top=False)


def test_slow_omaha_details_wait_to_be_asked_for(page, shots):
    # Exact, a random player's 135,751 hands on a turn would each be listed: about 9 s and 18 MB.
    ask(page, "omaha", "AsKsQhJh", "random", "2c7d9h4s")
    WebDriverWait(page, WAIT).until(lambda d: shown(d, "#details-offer"))
    assert "135,752 hands of the 2 players is listed" in css(page, "#details-offer").text
    assert not shown(page, ".details") and not css(page, "#details-stale").text  # no details before: none dimmed
    # Sampled, 1,728 double-suited hands preflop are each a Monte Carlo run: about 5 s.
    type_range(page, 1, "AA**:$ds")
    type_range(page, 2, "KK**:$ds")
    page.execute_script("document.querySelector('#board').value = ''")
    css(page, "#mc-stderr").send_keys("0.005")
    calculate(page)
    assert css(page, "#mode").get_attribute("data-mode") == "monte-carlo"
    WebDriverWait(page, WAIT).until(lambda d: "1,728 hands" in css(d, "#details-offer").text)
    assert "Monte Carlo run of its own" in css(page, "#details-offer").text
    page.execute_script("document.querySelector('#details-panel').scrollIntoView()")
    screenshot(page, shots, "desktop-omaha-details-offer", top=False)


def test_a_random_omaha_players_hands_are_not_sampled_one_by_one(page):
    choose_game(page, "omaha")
    type_range(page, 1, "AsKsQhJh")
    type_range(page, 2, "random")
    css(page, "#board").send_keys("2c7d9h")
    calculate(page)
    assert css(page, "#mode").get_attribute("data-mode") == "monte-carlo"
    details_done(page)
    Select(css(page, "#detail-player")).select_by_value("1")
    # Monte Carlo samples AsKsQhJh's one hand; random's 148,995 have no equity of their own.
    assert combo_rows(page) == [["A random player's hands are not sampled one by one (Monte Carlo): no per-hand equity."]]
    assert "nothing to distribute" in css(page, "#distribution").text
    # Its hits are counted all the same (equity range --game omaha random --board 2c7d9h --hits).
    assert "126,550" in css(page, "#hits").text and "wrap" in css(page, "#hits").text
    Select(css(page, "#detail-player")).select_by_value("0")
    assert combo_rows(page)[0][0] == "A♠K♠Q♥J♥"
