"""The stud games on the page, read from /api/games' spec: no board (its field and picker hidden),
hands in stud's grammar, no range editor, folded up cards as dead cards, the exact answer (Hi/Lo's
scoop and low columns), the final hands by category, the details (each way of a player's hidden
down cards, and the distribution), one-line errors beside the hand."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import load
from test_games import choose_game
from test_omaha import combo_rows
from test_page import WAIT, calculate, css, details_done, screenshot, type_range


def shown(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector).is_displayed()


def test_stud_third_street_gives_the_clis_exact_answer(page, shots):
    css(page, "#board").send_keys("Ks7h2c")  # a Hold'em board: kept in its box, not asked in stud
    choose_game(page, "stud")
    # The example hands replace Hold'em's; the board, the range editor and the grid go.
    assert css(page, "#range-1").get_attribute("value") == "(AsKs)Qd"
    assert css(page, "#range-2").get_attribute("value") == "(7c7d)8h"
    assert not shown(page, "#board") and not shown(page, "#pick-board")
    assert not shown(page, "#editor-panel") and not shown(page, "#grid-editor")
    assert shown(page, "#dead") and shown(page, "#deck")
    assert css(page, "#dead-label").text == "Folded up cards"
    assert "(AsKs)Qd" in css(page, "#hand-syntax").text
    assert "(AsKs)Qd" in css(page, "#range-1").get_attribute("placeholder")
    assert css(page, "#count-1").text == ""
    calculate(page)
    # The CLI: equity --game stud '(AsKs)Qd' '(7c7d)8h': the sweep over 18,265,297,050 deals.
    assert css(page, "#equity-1").text == "42.763%"
    assert css(page, "#equity-2").text == "57.237%"
    assert css(page, "#mode").text == "exact (sweep)"
    assert "18,265,297,050 showdowns" in css(page, "#showdowns").text
    counts = [c.text for c in page.find_elements(By.CSS_SELECTOR, "#results tbody tr:first-child .count")]
    assert counts == ["7,810,521,826", "443,708", "10,454,331,516"]
    assert css(page, "#results th:nth-child(2)").text == "Hand"  # a stud hand is its cards, not a range
    # The details: every card known, one combo each, the hand itself; no board hits.
    details_done(page)
    assert shown(page, "#details-panel") and not shown(page, "#hits-detail") and not shown(page, "#matrix-detail")
    assert [r[:2] for r in combo_rows(page)] == [["(A♠K♠)Q♦", "42.76%"]]
    assert css(page, "#count-note").text == ""
    WebDriverWait(page, WAIT).until(lambda d: "game=stud" in d.current_url)
    screenshot(page, shots, "desktop-stud")
    # A picked card is a folded up card: the answer counts without it.
    css(page, '#deck [data-card="2c"]').click()
    css(page, '#deck [data-card="3c"]').click()
    assert css(page, "#dead").get_attribute("value") == "2c3c"
    assert "board" not in page.current_url
    calculate(page)
    assert "12,406,283,890 showdowns" in css(page, "#showdowns").text  # equity --game stud ... --dead 2c3c
    # The URL keeps the game and the folded cards.
    WebDriverWait(page, WAIT).until(lambda d: "go=1" in d.current_url)
    shared = page.current_url
    page.get("about:blank")
    load(page, shared)
    assert css(page, "#game").get_attribute("value") == "stud" and not shown(page, "#board")
    WebDriverWait(page, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#equity-1"))
    assert "12,406,283,890 showdowns" in css(page, "#showdowns").text


def test_razz_and_stud_hilo_answer_with_their_columns(page, shots):
    choose_game(page, "razz")
    assert css(page, "#range-2").get_attribute("value") == "(Kc7d)8h"
    calculate(page)
    assert css(page, "#equity-1").text == "76.975%"  # equity --game razz '(As2s)3d' '(Kc7d)8h'
    # Final hands by razz's own names (--by-category): no pair 17,665,799,970 of 18,265,297,050.
    rows = [[td.text for td in tr.find_elements(By.CSS_SELECTOR, "td")]
            for tr in page.find_elements(By.CSS_SELECTOR, "#categories tbody tr")]
    assert rows[0] == ["no pair", "96.7%", "96.7%"] and rows[1][0] == "one pair" and len(rows) == 6
    choose_game(page, "stud-hilo")
    assert css(page, "#range-1").get_attribute("value") == "(As2s)3d"
    calculate(page)
    # The CLI: equity --game stud-hilo '(As2s)3d' '(KcKd)8h'.
    assert css(page, "#equity-1").text == "48.494%"
    heads = [th.text for th in page.find_elements(By.CSS_SELECTOR, "#results th") if th.is_displayed()]
    assert heads == ["#", "Hand", "Equity", "Scoop", "High win", "High tie", "Low win", "Low tie", "Low made"]
    assert css(page, "#results tbody tr:first-child .scoop .count").text == "5,554,614,583"
    assert css(page, "#results tbody tr:first-child .low-made .count").text == "8,967,831,600"
    assert css(page, "#categories tbody tr:first-child td").text == "straight flush"
    screenshot(page, shots, "desktop-stud-hilo")
    # Back to a board game: the board and the range editor come back.
    choose_game(page, "holdem")
    assert shown(page, "#board") and shown(page, "#grid-editor") and shown(page, "#pick-board")


def test_stud_details_list_each_way_of_the_hidden_down_cards(page, shots):
    choose_game(page, "stud")
    type_range(page, 1, "(??)QdJh2c3d")
    type_range(page, 2, "(7c7d)8h9hTc3s")
    calculate(page)
    details_done(page)
    # The CLI: equity --game stud '(??)QdJh2c3d' '(7c7d)8h9hTc3s' --per-combo --distribution --json
    assert css(page, "#equity-1").text == "32.677%"
    assert "(exact," in css(page, "#details-status").text
    assert shown(page, "#categories")  # the final hands by category, beside the details
    assert not shown(page, "#hits-detail") and not shown(page, "#matrix-detail")
    assert "each way of the hidden down cards" in css(page, "#per-combo-title").text.lower()
    Select(css(page, "#detail-player")).select_by_value("0")
    rows = combo_rows(page)
    # Every two of the 42 cards left: 100 shown, then a button; the best trips of jacks, 1,409 of 1,560.
    assert len(rows) == 101 and rows[-1][0] == "show all 861 combos"
    assert sorted(r[0] for r in rows[:3]) == ["(J♠J♣)Q♦J♥2♣3♦", "(J♠J♦)Q♦J♥2♣3♦", "(J♣J♦)Q♦J♥2♣3♦"]
    assert rows[0][1:] == ["90.32%", "1", "1,409", "0", "1,560"]
    buckets = [b.text for b in page.find_elements(By.CSS_SELECTOR, "#distribution .buckets small")]
    assert buckets == ["49 combos", "213 combos", "19 combos", "580 combos"]
    page.execute_script("document.querySelector('#details-panel').scrollIntoView()")
    screenshot(page, shots, "desktop-stud-details", top=False)
    Select(css(page, "#detail-player")).select_by_value("1")
    assert combo_rows(page) == [["(7♣7♦)8♥9♥T♣3♠", "67.32%", "1", "301,417", "0", "447,720"]]


def test_a_bad_stud_hand_is_an_error_beside_it(page):
    choose_game(page, "stud")
    type_range(page, 2, "(7c7d)8z")
    calculate(page)
    assert "player 2" in css(page, "#error").text
    assert "\n" not in css(page, "#error").text
    assert css(page, "#error-range-2").text == css(page, "#error").text
    assert "invalid" in css(page, "#range-2").get_attribute("class")


def test_stud_on_a_phone(phone, url, shots):
    load(phone, url)
    choose_game(phone, "stud-hilo")
    calculate(phone)
    assert css(phone, "#equity-1").text == "48.494%"
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 375
    screenshot(phone, shots, "phone-stud-hilo-top")
    choose_game(phone, "stud")
    calculate(phone)
    assert css(phone, "#equity-1").text == "42.763%"
    screenshot(phone, shots, "phone-stud-top")
    phone.execute_script("document.querySelector('#cards-panel').scrollIntoView()")
    screenshot(phone, shots, "phone-stud-deck", top=False)
