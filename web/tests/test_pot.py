"""The pot by stacks on the page: a stack beside each player and the dead money, each player's EV
and net and his share of the main and side pots (the CLI's numbers), the link keeps them, a bad
stack is an error."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from test_page import WAIT, calculate, css, screenshot, type_range


def type_stack(driver, n, text):
    box = css(driver, f"#stack-{n}")
    box.clear()
    box.send_keys(text)


def test_stacks_show_each_players_chips_from_the_main_and_side_pots(page, shots):
    css(page, "#add-player").click()
    for n, hand in ((1, "AsAc"), (2, "KdKc"), (3, "QsQh")):
        type_range(page, n, hand)
    css(page, "#board").send_keys("9h7s2c")
    for n, stack in ((1, "100"), (2, "250"), (3, "40")):
        type_stack(page, n, stack)
    css(page, "#pot").send_keys("30")
    calculate(page)
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#pot-result").is_displayed())
    # The CLI: equity AsAc KdKc QsQh --board 9h7s2c --stacks 100,250,40 --pot 30.
    assert css(page, "#ev-1").text == "233.92"
    assert css(page, "#ev-2").text == "173.62"
    assert css(page, "#ev-3").text == "12.46"
    rows = [[c.text for c in r.find_elements(By.CSS_SELECTOR, "td")][1:]
            for r in page.find_elements(By.CSS_SELECTOR, "#pot-table tbody tr")]
    assert rows[0] == ["100", "233.92", "+133.92", "82.9%", "91.3%"]
    assert rows[2] == ["40", "12.46", "-27.54", "8.3%", "–"]
    heads = [th.text for th in page.find_elements(By.CSS_SELECTOR, "#pot-table th")]
    assert heads == ["#", "Stack", "EV", "Net", "Main", "Side 1"]
    layers = css(page, "#pot-layers").text
    assert "Main pot: 150 chips among 1 2 3" in layers
    assert "Side 1 pot: 120 chips among 1 2" in layers
    assert "150 back to 2" in layers
    assert "Total 420 chips, 30 of them dead money" in layers
    WebDriverWait(page, WAIT).until(lambda d: "s=250" in d.current_url and "pot=30" in d.current_url)
    screenshot(page, shots, "desktop-pot")
    # The link restores the stacks and the dead money.
    page.get(page.current_url.replace("&go=1", ""))
    page.refresh()
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#stack-2").get_attribute("value") == "250")
    assert css(page, "#pot").get_attribute("value") == "30"


def test_a_missing_stack_is_an_error_and_no_stacks_no_chips(page):
    type_range(page, 1, "AsAc")
    type_range(page, 2, "KdKc")
    calculate(page)
    assert not css(page, "#pot-result").is_displayed()
    type_stack(page, 1, "100")
    calculate(page)
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#error").text)
    assert "stacks[1]" in css(page, "#error").text
    assert not css(page, "#pot-result").is_displayed()


def test_stacks_on_a_phone(phone, url, shots):
    from conftest import load

    load(phone, url)
    type_range(phone, 1, "AsAc")
    type_range(phone, 2, "KdKc")
    type_stack(phone, 1, "100")
    type_stack(phone, 2, "60")
    calculate(phone)
    WebDriverWait(phone, WAIT).until(lambda d: css(d, "#pot-result").is_displayed())
    width = phone.execute_script("return document.documentElement.scrollWidth")
    assert width <= phone.execute_script("return window.innerWidth"), "nothing wider than the phone"
    assert css(phone, "#stack-1").is_displayed()
    screenshot(phone, shots, "phone-pot")


def test_two_boards_run_twice_on_a_phone(phone, url, shots):
    # The runs' table has the longest headings ("Scoop all 4 parts"): they wrap, nothing scrolls.
    from conftest import load
    from selenium.webdriver.support.ui import Select

    load(phone, url)
    type_range(phone, 1, "AsAc")
    type_range(phone, 2, "KdKc")
    css(phone, "#board").send_keys("Kh7s2c4d")
    css(phone, "#board2").send_keys("9d9h4s3c")
    Select(css(phone, "#runs")).select_by_value("2")
    calculate(phone)
    WebDriverWait(phone, WAIT).until(lambda d: css(d, "#runouts-result").is_displayed())
    table, room = phone.execute_script(
        "const t = document.querySelector('#runouts-table');"
        "return [t.getBoundingClientRect().right, t.parentElement.getBoundingClientRect().right];")
    assert table <= room, "the runs' table fits its panel"
    phone.execute_script("document.querySelector('#runouts-result').scrollIntoView()")
    screenshot(phone, shots, "phone-two-boards-run-twice", top=False)


def test_run_twice_and_two_boards(page, shots):
    type_range(page, 1, "AsAc")
    type_range(page, 2, "KdKc")
    css(page, "#board").send_keys("Kh7s2c")
    from selenium.webdriver.support.ui import Select

    Select(css(page, "#runs")).select_by_value("2")
    calculate(page)
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#runouts-result").is_displayed())
    # The CLI: equity AsAc KdKc --board Kh7s2c --runs 2.
    assert css(page, "#runouts-title").text.lower() == "run twice"
    heads = [th.text.lower() for th in page.find_elements(By.CSS_SELECTOR, "#runouts-table th")]
    assert heads == ["#", "equity", "scoop all 2 runs", "some", "none"]
    rows = [[c.text for c in r.find_elements(By.CSS_SELECTOR, "td")][1:]
            for r in page.find_elements(By.CSS_SELECTOR, "#runouts-table tbody tr")]
    assert rows[0] == ["8.586%", "0.39%", "16.40%", "83.21%"]
    assert "893,970 deals of the runs counted exactly" in css(page, "#runouts-note").text
    WebDriverWait(page, WAIT).until(lambda d: "runs=2" in d.current_url)
    screenshot(page, shots, "desktop-runs")
    Select(css(page, "#runs")).select_by_value("1")
    css(page, "#board2").send_keys("Kh9d4c")
    calculate(page)
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#error").text)
    assert "board2: Kh is also in the board" in css(page, "#error").text
    assert "Kh is also" in css(page, "#error-board2").text
    css(page, "#board2").clear()
    css(page, "#board2").send_keys("9d9h4s")
    calculate(page)
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#runouts-result").is_displayed())
    assert css(page, "#runouts-title").text.lower() == "two boards"
    page.execute_script("document.querySelector('#cards-panel').scrollIntoView()")
    screenshot(page, shots, "desktop-two-boards-cards", top=False)
    # Both boards run twice, the turns known: four parts, every deal counted. The CLI: equity AsAc
    # KdKc --board Kh7s2c4d --board2 9d9h4s3c --runs 2.
    css(page, "#board").send_keys("4d")
    css(page, "#board2").send_keys("3c")
    Select(css(page, "#runs")).select_by_value("2")
    calculate(page)
    WebDriverWait(page, WAIT).until(lambda d: "run twice" in css(d, "#runouts-title").text.lower())
    assert css(page, "#runouts-title").text.lower() == "two boards, run twice"
    heads = [th.text.lower() for th in page.find_elements(By.CSS_SELECTOR, "#runouts-table th")]
    assert heads == ["#", "equity", "scoop all 4 parts", "some", "none"]
    assert "Parts: each board in each of 2 runs" in css(page, "#runouts-note").text
    assert "deals of the parts counted exactly" in css(page, "#runouts-note").text
    screenshot(page, shots, "desktop-two-boards-run-twice")


def test_a_range_left_out_of_a_side_pot_is_counted(page):
    # The CLI: equity AhKh QQ,JJ QQ,99 --board Qh7h2c --stacks 100,200,50 (the short stack's range
    # counted with the main pot in the side pot).
    css(page, "#add-player").click()
    for n, hand, stack in ((1, "AhKh", "100"), (2, "QQ,JJ", "200"), (3, "QQ,99", "50")):
        type_range(page, n, hand)
        type_stack(page, n, stack)
    css(page, "#board").send_keys("Qh7h2c")
    calculate(page)
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#pot-result").is_displayed())
    assert [css(page, f"#ev-{n}").text for n in (1, 2, 3)] == ["104.28", "212.83", "32.89"]
    assert not css(page, "#error").is_displayed()
