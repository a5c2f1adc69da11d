"""The draw games on the page, read from /api/games' spec: no board, hands as the cards kept and the
number drawn, the draws to come (the triple draws), the exact last draw as the CLI gives it,
badeucy's halves by name, the drawing rule named under a sampled answer, one-line errors beside
the hand."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import load
from test_games import choose_game
from test_page import calculate, css, screenshot, type_range


def shown(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector).is_displayed()


def test_deuce_to_seven_last_draw_gives_the_clis_exact_answer(page, shots):
    choose_game(page, "27-triple")
    assert css(page, "#range-1").get_attribute("value") == "8h6d4s3c/1"
    assert css(page, "#range-2").get_attribute("value") == "9s7c5h/2"
    assert not shown(page, "#board") and not shown(page, "#editor-panel")
    assert shown(page, "#draws-field")
    assert "Kd8s4h3c/1" in css(page, "#hand-syntax").text
    # The dead cards of a draw game are the discards seen.
    assert css(page, "#dead-label").text == "Known discards" and css(page, "#cards-title").text == "Known discards"
    css(page, "#dead").send_keys("KhKdQc")
    calculate(page)
    # The CLI: equity --game 27-triple 8h6d4s3c/1 9s7c5h/2 --dead KhKdQc: C(42,2) x 40 deals.
    assert css(page, "#equity-1").text == "69.901%"
    assert "34,440 showdowns" in css(page, "#showdowns").text
    screenshot(page, shots, "draw-27-triple-last-draw")


def test_three_draws_are_sampled_and_the_rule_named(page, shots):
    choose_game(page, "badeucy")
    Select(css(page, "#draws")).select_by_value("3")
    calculate(page)
    assert css(page, "#mode").text.startswith("Monte Carlo")
    assert "stand pat on a 9-high made hand or better" in css(page, "#count-note").text
    heads = [th.text for th in page.find_elements(By.CSS_SELECTOR, "#results th")]
    assert "Badugi win" in heads and "2-7 win" in heads and "Low made" not in heads
    screenshot(page, shots, "draw-badeucy-three-draws")


def test_single_draw_games_have_no_draws_choice_and_bad_hands_say_why(page):
    choose_game(page, "27-single")
    assert not shown(page, "#draws-field")
    type_range(page, 1, "Kd8s4h3c")
    calculate(page)
    assert css(page, "#error").text == (
        'player 1: "Kd8s4h3c": 4 cards of a 5-card 27-single hand: write how many are drawn (Kd8s4h3c/1)')
    assert css(page, "#error-range-1").text == css(page, "#error").text


def test_draw_games_on_a_phone(phone, url, shots):
    # The exact last draw and a split game's halves fit 375 pixels: nothing wider than the screen.
    load(phone, url)
    choose_game(phone, "27-triple")
    calculate(phone)
    assert css(phone, "#equity-1").text.endswith("%")
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 375
    screenshot(phone, shots, "phone-draw-27-triple-top")
    choose_game(phone, "badeucy")
    calculate(phone)
    heads = phone.execute_script("return [...document.querySelectorAll('#results th')].map(th => th.textContent)")
    assert "Badugi win" in heads and "2-7 win" in heads
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 375
    screenshot(phone, shots, "phone-draw-badeucy-top")
    phone.execute_script("document.querySelector('#results').scrollIntoView()")
    screenshot(phone, shots, "phone-draw-badeucy-results", top=False)
