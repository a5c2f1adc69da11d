"""The page in a real browser: ranges typed and clicked, cards picked, errors, results and details."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import load

WAIT = 20


def css(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector)


def type_range(driver, n, text):
    box = css(driver, f"#range-{n}")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)  # fires input events, as a person's typing does (clear() does not)
    box.send_keys(text)


def calculate(driver):
    css(driver, "#calculate").click()
    WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#equity-1") or css(d, "#error").text)


def wait_text(driver, selector, predicate):
    WebDriverWait(driver, WAIT).until(lambda d: predicate(css(d, selector).text))
    return css(driver, selector).text


def details_done(driver):
    WebDriverWait(driver, WAIT).until(lambda d: css(d, "#details-status").text.startswith("("))


def screenshot(driver, shots, name, top=True):
    if top:
        driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(str(shots / f"{name}.png"))


def test_typed_hands_give_the_exact_equity(page, shots):
    type_range(page, 1, "AsAc")
    type_range(page, 2, "KhQh")
    calculate(page)
    assert css(page, "#equity-1").text == "82.315%"
    assert css(page, "#equity-2").text == "17.685%"
    assert css(page, "#mode").get_attribute("data-mode") == "table"
    assert "1,712,304 showdowns" in css(page, "#showdowns").text
    details_done(page)
    screenshot(page, shots, "desktop-equity")


def test_clicked_grid_cells_build_a_range(page, shots):
    type_range(page, 1, "")
    css(page, "#range-1").click()
    for name in ("AA", "KK", "AKs"):
        css(page, f'#grid-editor [data-class="{name}"]').click()
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#range-1").get_attribute("value") == "KK+,AKs")
    assert "16 combos" in css(page, "#count-1").text
    # A second click takes a class out again.
    css(page, '#grid-editor [data-class="KK"]').click()
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#range-1").get_attribute("value") == "AA,AKs")
    screenshot(page, shots, "desktop-grid-editor")


def test_dragging_over_cells_selects_them_all(page):
    type_range(page, 2, "")
    css(page, "#range-2").click()
    cells = [css(page, f'#grid-editor [data-class="{n}"]') for n in ("QQ", "JJ", "TT")]
    ActionChains(page).click_and_hold(cells[0]).move_to_element(cells[1]).move_to_element(cells[2]).release().perform()
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#range-2").get_attribute("value") == "QQ-TT")


def test_suits_of_a_class_can_be_picked(page):
    type_range(page, 1, "AKs")
    css(page, "#range-1").click()
    WebDriverWait(page, WAIT).until(lambda d: "4 combos" in css(d, "#count-1").text)
    ActionChains(page).context_click(css(page, '#grid-editor [data-class="AKs"]')).perform()
    css(page, '#suits [data-combo="AsKs"]').click()
    WebDriverWait(page, WAIT).until(lambda d: "3 combos" in css(d, "#count-1").text)
    assert "AsKs" not in css(page, "#range-1").get_attribute("value")


def test_board_picked_by_clicking_cards(page, shots):
    type_range(page, 1, "QQ+,AKs")
    type_range(page, 2, "JJ,AQs")
    for card in ("Ks", "7h", "2c"):
        css(page, f'#deck [data-card="{card}"]').click()
    assert css(page, "#board").get_attribute("value") == "Ks7h2c"
    calculate(page)
    # The CLI: equity "QQ+,AKs" "JJ,AQs" --board Ks7h2c
    assert css(page, "#equity-1").text == "92.645%"
    assert "151,470 showdowns" in css(page, "#showdowns").text
    details_done(page)
    Select(css(page, "#detail-player")).select_by_value("0")
    assert "set" in css(page, "#hits").text and "overpair" in css(page, "#hits").text
    screenshot(page, shots, "desktop-board-hits")


def test_a_bad_range_shows_an_error_beside_it(page, shots):
    type_range(page, 1, "AsAc")
    type_range(page, 2, "KhQz")
    calculate(page)
    message = wait_text(page, "#error", lambda t: t != "")
    assert "Qz" in message
    assert "Qz" in wait_text(page, "#error-range-2", lambda t: t != "")
    assert not page.find_elements(By.CSS_SELECTOR, "#equity-1")
    screenshot(page, shots, "desktop-error")


def test_hand_matrix_and_distribution_chart(page, shots):
    type_range(page, 1, "QQ+,AKs")
    type_range(page, 2, "random")
    calculate(page)
    details_done(page)
    Select(css(page, "#detail-player")).select_by_value("0")
    # The CLI: equity "QQ+,AKs" random --per-combo
    matrix = css(page, '#hand-matrix [data-class="AA"]')
    assert matrix.text.startswith("AA") and "85.2" in matrix.text
    assert "empty" in css(page, '#hand-matrix [data-class="72o"]').get_attribute("class")
    assert page.find_elements(By.CSS_SELECTOR, "#distribution svg path")
    rows = page.find_elements(By.CSS_SELECTOR, "#per-combo tbody tr")
    assert len(rows) == 22  # 18 pairs and 4 suited
    # Sorting by combo, then by equity.
    css(page, '#per-combo th[data-key="combo"]').click()
    assert css(page, "#per-combo tbody tr td").text == "A♠A♥"
    css(page, '#per-combo th[data-key="equity"]').click()
    assert css(page, "#per-combo tbody tr td").text.startswith("A")  # the best combos first
    page.execute_script("document.querySelector('#details-panel').scrollIntoView()")
    screenshot(page, shots, "desktop-details", top=False)


def test_players_can_be_added_up_to_ten(page):
    for _ in range(8):
        css(page, "#add-player").click()
    assert len(page.find_elements(By.CSS_SELECTOR, "#players .player")) == 10
    assert not css(page, "#add-player").is_enabled()


def test_three_players_on_a_flop(page):
    type_range(page, 1, "AhKh")
    type_range(page, 2, "QsQd")
    css(page, "#add-player").click()
    type_range(page, 3, "7c7d")
    css(page, "#board").send_keys("Ks7h2c")
    calculate(page)
    # The CLI: equity AhKh QsQd 7c7d --board Ks7h2c
    total = sum(float(css(page, f"#equity-{n}").text.rstrip("%")) for n in (1, 2, 3))
    assert abs(total - 100) < 0.01
    assert css(page, "#mode").get_attribute("data-mode") == "exact"


def test_phone_sized_screen(phone, url, shots):
    load(phone, url)
    calculate(phone)
    assert css(phone, "#equity-1").text == "82.315%"
    width = phone.execute_script("return document.documentElement.scrollWidth")
    assert width <= 375
    screenshot(phone, shots, "phone-top")
    phone.execute_script("document.querySelector('#run-panel').scrollIntoView()")
    screenshot(phone, shots, "phone-equity", top=False)
    details_done(phone)
    phone.execute_script("document.querySelector('#details-panel').scrollIntoView()")
    screenshot(phone, shots, "phone-details", top=False)


def test_a_long_monte_carlo_shows_progress_and_cancels(page):
    type_range(page, 1, "random")
    type_range(page, 2, "random")
    css(page, "#add-player").click()
    type_range(page, 3, "random")
    css(page, "#mc-time").send_keys("4")  # ends by itself even where the library checks cancellation late
    css(page, "#calculate").click()
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#progress").is_displayed() and "sampling" in css(d, "#time").text)
    css(page, "#cancel").click()
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#calculate").is_enabled())
    assert css(page, "#time").text == "cancelled"
    assert not page.find_elements(By.CSS_SELECTOR, "#equity-1")


def test_the_percentage_slider_takes_the_best_classes(page):
    css(page, "#range-1").click()
    page.execute_script("const s = document.querySelector('#percent'); s.value = 5;"
                        "s.dispatchEvent(new Event('input'));")
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#range-1").get_attribute("value") == "77+,AK,AQs-AJs")  # 72 combos, the first prefix reaching 66.3
    count = int(css(page, "#count-1").text.split()[0])
    assert count >= 0.05 * 1326
