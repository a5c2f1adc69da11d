"""The game picker: short deck's deck (36 cards) and classes (9x9), its answers, and the URL keeping it."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import load
from test_page import WAIT, calculate, css, screenshot, type_range


def choose_game(driver, name):
    Select(css(driver, "#game")).select_by_value(name)
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.CSS_SELECTOR, "body").get_attribute("data-game") == name)


def ask(driver, game, first, second, board):
    """The game chosen, the two players' ranges typed, the board, then Calculate."""
    choose_game(driver, game)
    type_range(driver, 1, first)
    type_range(driver, 2, second)
    css(driver, "#board").send_keys(board)
    calculate(driver)


def cells(driver):
    return [c.get_attribute("data-class") for c in driver.find_elements(By.CSS_SELECTOR, "#grid-editor [data-class]")]


def cards(driver):
    return [c.get_attribute("data-card") for c in driver.find_elements(By.CSS_SELECTOR, "#deck [data-card]")]


def test_the_picker_lists_the_servers_games(page):
    options = [o.get_attribute("value") for o in Select(css(page, "#game")).options]
    assert options == ["holdem", "shortdeck", "shortdeck-straights", "omaha", "omaha5", "omaha6", "omaha-hilo",
                       "omaha5-hilo", "omaha6-hilo", "stud", "stud-hilo", "razz", "draw", "27-single", "27-triple",
                       "a5-triple", "badugi", "badeucy", "badacey"]
    assert Select(css(page, "#game")).first_selected_option.text == "Texas Hold'em"
    assert len(cells(page)) == 169 and len(cards(page)) == 52


def test_short_deck_shows_its_deck_and_classes_and_answers_as_the_cli(page, shots):
    type_range(page, 1, "AsAc")
    type_range(page, 2, "KhQh")
    choose_game(page, "shortdeck")
    grid = cells(page)
    assert len(grid) == 81
    assert grid[0] == "AA" and grid[-1] == "66" and "22" not in grid and "A5s" not in grid
    deck = cards(page)
    assert len(deck) == 36
    assert "As" in deck and "6d" in deck and "5s" not in deck and "2c" not in deck
    # 9 cells a row: the grid is square.
    first, ninth, tenth = (css(page, f"#grid-editor [data-class='{n}']").location for n in ("AA", "A6s", "AKo"))
    assert ninth["y"] == first["y"] and tenth["y"] > first["y"]
    assert "A-6-7-8-9" in css(page, "#game-summary").text
    calculate(page)
    # The CLI: equity AsAc KhQh --game shortdeck: 74.709% over C(32, 5) = 201,376 boards.
    assert css(page, "#equity-1").text == "74.709%"
    assert css(page, "#mode").get_attribute("data-mode") == "table"  # short deck's own preflop table
    assert "201,376 showdowns" in css(page, "#showdowns").text
    WebDriverWait(page, WAIT).until(lambda d: "game=shortdeck" in d.current_url)
    screenshot(page, shots, "desktop-shortdeck")
    # The grid paints short-deck classes; random counts the 36-card deck.
    type_range(page, 2, "random")
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#count-2").text == "630 combos")


def test_a_class_outside_the_deck_is_an_error_beside_it(page):
    choose_game(page, "shortdeck")
    type_range(page, 2, "22+")
    WebDriverWait(page, WAIT).until(lambda d: "not in the deck" in css(d, "#error-range-2").text)
    # The Top % slider takes short deck's own ordering: 15% is 96 of its 630 combos.
    options = [o.get_attribute("value") for o in page.find_elements(By.CSS_SELECTOR, "#ordering option")]
    assert options == ["shortdeck-equity"]
    type_range(page, 2, "15%")
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#count-2").text == "96 combos")


def test_the_url_keeps_the_game_and_holdem_comes_back(page, url):
    ask(page, "shortdeck-straights", "QQ+,AKs", "JJ,AQs", "Ks7h6c")
    # The CLI: equity 'QQ+,AKs' 'JJ,AQs' --board Ks7h6c --game shortdeck-straights
    shown = css(page, "#equity-1").text
    assert shown == "88.197%"
    WebDriverWait(page, WAIT).until(lambda d: "go=1" in d.current_url)
    shared = page.current_url
    assert "game=shortdeck-straights" in shared
    page.get("about:blank")
    load(page, shared)
    assert css(page, "#game").get_attribute("value") == "shortdeck-straights"
    assert len(cells(page)) == 81 and len(cards(page)) == 36
    WebDriverWait(page, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#equity-1"))
    assert css(page, "#equity-1").text == shown
    choose_game(page, "holdem")
    assert len(cells(page)) == 169 and len(cards(page)) == 52
    WebDriverWait(page, WAIT).until(lambda d: "game=" not in d.current_url)
    assert css(page, "#percent").get_attribute("disabled") is None


def test_short_deck_on_a_phone(phone, url, shots):
    load(phone, url)
    choose_game(phone, "shortdeck")
    calculate(phone)
    assert css(phone, "#equity-1").text == "74.709%"
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 375
    screenshot(phone, shots, "phone-shortdeck-top")
    phone.execute_script("document.querySelector('#cards-panel').scrollIntoView()")
    screenshot(phone, shots, "phone-shortdeck-deck", top=False)
    phone.execute_script("document.querySelector('#editor-panel').scrollIntoView()")
    screenshot(phone, shots, "phone-shortdeck-grid", top=False)
