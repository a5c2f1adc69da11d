"""The hand histories' view: files uploaded through the file input, the totals and the largest
all-ins as `equity hands` counts them, the chart, the hands skipped with their files' lines, an all-in
opened in the calculator, the page at phone width, and text from the files shown as text."""
import json
import os
import pathlib
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import load
from test_page import WAIT, css, screenshot, type_range
from test_security import policy_violations

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "hands" / "pokerstars"


def history_files():
    return sorted(str(p) for p in DATA.glob("*.txt"))


def open_hands(driver):
    css(driver, "#nav-hands").click()
    WebDriverWait(driver, WAIT).until(lambda d: css(d, "#hands-view").is_displayed())
    assert not css(driver, "#calculator-view").is_displayed()


def upload(driver, paths, hero=""):
    box = css(driver, "#hands-hero")
    box.clear()
    if hero:
        box.send_keys(hero)
    driver.execute_script("document.querySelector('#hands-view').dataset.ready = ''")
    css(driver, "#hands-files").send_keys("\n".join(paths))
    WebDriverWait(driver, WAIT).until(
        lambda d: css(d, "#hands-view").get_attribute("data-ready") == "true" or css(d, "#hands-error").text)


def cli(paths, *args):
    """What `equity hands --json` prints for the same files: the all-ins, then the totals."""
    program = os.environ.get("EQUITY_PROGRAM", str(DATA.parents[3] / "build" / "release" / "equity"))
    out = subprocess.run([program, "hands", *paths, "--json", *args], capture_output=True, text=True, check=True).stdout
    lines = [json.loads(line) for line in out.splitlines()]
    return lines[:-1], lines[-1]


def largest_first(paths):
    """The hand the command line's summary lists first among the largest all-ins."""
    program = os.environ.get("EQUITY_PROGRAM", str(DATA.parents[3] / "build" / "release" / "equity"))
    out = subprocess.run([program, "hands", *paths], capture_output=True, text=True, check=True).stdout
    return out.split("Largest all-ins", 1)[1].split("\n")[1].split()[0].lstrip("#")


def rows(driver, selector):
    return [[c.text for c in r.find_elements(By.CSS_SELECTOR, "td")]
            for r in driver.find_elements(By.CSS_SELECTOR, f"{selector} tbody tr")]


def test_files_give_the_totals_the_chart_and_the_largest_all_ins(page, shots):
    page.get_log("browser")  # (drops what came before)
    open_hands(page)
    screenshot(page, shots, "desktop-hands-empty")
    paths = history_files()
    upload(page, paths)
    assert css(page, "#hands-error").text == ""
    all_ins, totals = cli(paths)
    assert f"{totals['counted']} hands counted of {totals['hands']} read" in css(page, "#hands-summary").text
    assert f"Read {len(paths)} files" in css(page, "#hands-status").text
    # The totals: a row a game and stakes, as the command line counts them.
    table = rows(page, "#hands-totals")
    assert len(table) == len(totals["stakes"])
    for row, stakes in zip(table, totals["stakes"]):
        assert row[:4] == [stakes["game"], stakes["stakes"], str(stakes["hands"]), str(stakes["all_in_hands"])]
    cash = table[[s["stakes"] for s in totals["stakes"]].index("$0.05/$0.10")]
    assert cash[4:] == ["+$9.80", "+$8.06", "+$1.74"]
    # The chart: both lines, drawn at the box's width.
    chart = css(page, "#hands-chart svg")
    assert chart.find_elements(By.CSS_SELECTOR, "polyline.net-line")
    assert chart.find_elements(By.CSS_SELECTOR, "polyline.adjusted-line")
    assert css(page, "#hands-chart-unit").text == "in big blinds"  # cash games and a tournament
    assert css(page, "#hands-svg").get_attribute("href").startswith("blob:")
    # The largest all-ins: the hero's, the largest pot in big blinds first, as the command line.
    mine = [a for a in all_ins if any(p["name"] == a["player"] for p in a["players"])]
    listed = page.find_elements(By.CSS_SELECTOR, "#hands-allins tbody tr")
    assert len(listed) == len(mine) == totals["all_ins"]
    assert listed[0].get_attribute("data-hand") == largest_first(paths)  # by the pot in big blinds
    flop = css(page, '#hands-allins tr[data-hand="230000000001"]')
    text = flop.text
    for expected in ("#230000000001", "flop", "Hero A♥K♦", "Villain Q♠Q♥", "K♣7♥2♦", "$20.30", "91.2%", "$19.80", "$18.06"):
        assert expected in text, (expected, text)
    # The hands skipped, by their file and line (the body's lines mapped back to the files).
    if totals["skipped"]:
        skips = css(page, "#hands-skips").text
        assert "unreadable.txt:1 " in skips, skips
        assert len(css(page, "#hands-skips").find_elements(By.TAG_NAME, "li")) == min(20, totals["skipped"])
    assert policy_violations(page) == []  # the chart and the tables under the page's Content-Security-Policy
    screenshot(page, shots, "desktop-hands")
    page.execute_script("document.querySelector('#hands-allins-panel').scrollIntoView()")
    screenshot(page, shots, "desktop-hands-all-ins", top=False)
    # Clicked: the all-in in the calculator, computed (the hand's main-pot equity, 301 of 330).
    flop.click()
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#calculator-view").is_displayed())
    WebDriverWait(page, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#equity-1"))
    assert not css(page, "#hands-view").is_displayed()
    assert css(page, "#range-1").get_attribute("value") == "AhKd"
    assert css(page, "#range-2").get_attribute("value") == "QsQh"
    assert css(page, "#board").get_attribute("value") == "Kc7h2d"
    assert css(page, "#stack-1").get_attribute("value") == "10"
    assert css(page, "#stack-2").get_attribute("value") == "10"
    # the chips of the player who folded, in the pots they reached (as the hand's EV counts them)
    assert css(page, "#folded").get_attribute("value") == "0.3"
    assert css(page, "#pot").get_attribute("value") == ""
    assert css(page, "#ev-1").text.startswith("18.5")  # the EV the hand's list shows, before the rake
    assert abs(float(css(page, "#equity-1").text.rstrip("%")) - 91.21) < 0.01
    assert css(page, "#nav-calculator").get_attribute("aria-current") == "page"
    screenshot(page, shots, "desktop-hands-opened")
    # Back: the hand histories' view as it was.
    page.back()
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#hands-view").is_displayed())
    assert css(page, '#hands-allins tr[data-hand="230000000001"]').is_displayed()


def test_a_draw_games_all_in_opens_with_its_draw(page, shots):
    """The draw games' file: the all-ins not counted said with their reasons; an all-in's hand shown
    with the cards it draws, and opened in the calculator with its draw and the hero's discards."""
    open_hands(page)
    path = str(DATA / "draw.txt")
    upload(page, [path])
    all_ins, totals = cli([path])
    summary = css(page, "#hands-summary").text
    assert f"{totals['all_ins']} all-ins with cards to come (2 more not counted, their result kept: " in summary, summary
    assert "cards drawn not shown: 1" in summary, summary
    single = css(page, '#hands-allins tr[data-hand="300000000001"]')
    text = single.text
    for expected in ("before the draw", "Hero 7♠3♣8♦5♥ draws 1", "Villain 2♦6♥3♦4♣9♦", "$40.25", "21.4%"):
        assert expected in text, (expected, text)
    screenshot(page, shots, "desktop-hands-draw")
    single.click()
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#calculator-view").is_displayed())
    WebDriverWait(page, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#equity-2"))
    assert css(page, "#game").get_attribute("value") == "27-single"
    assert css(page, "#range-1").get_attribute("value") == "2d6h3d4c9d"
    assert css(page, "#range-2").get_attribute("value") == "7s3c8d5h/1"
    assert css(page, "#dead").get_attribute("value") == "Kd"
    assert abs(float(css(page, "#equity-2").text.rstrip("%")) - 100 * 9 / 42) < 0.01  # nine of 42 cards
    page.back()
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#hands-view").is_displayed())


def test_the_calculator_keeps_its_question_across_the_views(page):
    type_range(page, 1, "QQ")
    WebDriverWait(page, WAIT).until(lambda d: "p=QQ" in d.current_url)
    open_hands(page)
    assert page.current_url.endswith("#hands")
    css(page, "#nav-calculator").click()
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#calculator-view").is_displayed())
    assert "p=QQ" in page.current_url
    assert css(page, "#range-1").get_attribute("value") == "QQ"
    # Enter in the hero's box reads the files again, and does not calculate.
    open_hands(page)
    css(page, "#hands-hero").send_keys("Hero\n")
    assert css(page, "#results").text == ""


def test_another_hero_and_files_without_a_hand(page, tmp_path):
    open_hands(page)
    cash = str(DATA / "holdem-cash.txt")
    upload(page, [cash], hero="Villain")
    assert css(page, "#hands-summary").text.startswith("Villain: 2 hands counted of 3 read")
    assert len(page.find_elements(By.CSS_SELECTOR, "#hands-allins tbody tr")) == 1
    upload(page, [cash], hero="Nobody")
    assert "Nobody played none of the 3 hands read" in css(page, "#hands-summary").text
    assert not css(page, "#hands-allins-panel").is_displayed()
    notes = tmp_path / "notes.txt"
    notes.write_text("not a hand history\n")
    upload(page, [str(notes)])
    assert "no hand history" in css(page, "#hands-error").text


def test_text_from_the_files_is_shown_as_text(page, tmp_path):
    # A player's name that is markup: shown as it is, never made an element.
    name = '<img id="evil" src=x onerror="document.title=1">'
    hostile = tmp_path / "hostile.txt"
    hostile.write_text((DATA / "holdem-cash.txt").read_text().replace("Villain", name))
    open_hands(page)
    upload(page, [str(hostile)])
    assert not page.find_elements(By.CSS_SELECTOR, "#evil")
    assert name in css(page, '#hands-allins tr[data-hand="230000000001"]').text
    assert page.title.startswith("equity")


def test_a_dropped_file_is_read(page):
    open_hands(page)
    page.execute_script("document.querySelector('#hands-view').dataset.ready = ''")
    page.execute_script("""
        const data = new DataTransfer();
        data.items.add(new File([arguments[0]], "dropped.txt", {type: "text/plain"}));
        const zone = document.querySelector("#hands-drop");
        for (const type of ["dragenter", "dragover", "drop"])
          zone.dispatchEvent(new DragEvent(type, {bubbles: true, cancelable: true, dataTransfer: data}));
    """, (DATA / "holdem-cash.txt").read_text())
    WebDriverWait(page, WAIT).until(lambda d: css(d, "#hands-view").get_attribute("data-ready") == "true")
    assert css(page, "#hands-summary").text.startswith("Hero: 3 hands counted of 3 read")
    assert css(page, "#hands-status").text.startswith("Read 1 file (3.2 kB)")
    assert "dragging" not in css(page, "#hands-drop").get_attribute("class")


def test_dropped_folders_are_read_with_their_subfolders(page):
    # The entries a drop gives (webkitGetAsEntry), made up: a folder's .txt files, its subfolders',
    # in batches as Chromium gives them; not its other or hidden files; a file dropped as it is.
    names = page.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const file = (name) => ({isFile: true, isDirectory: false, name, file: (ok) => ok(new File(["x"], name))});
        const folder = (name, children) => ({isFile: false, isDirectory: true, name, createReader() {
          const batches = [children.slice(0, 2), children.slice(2), []];
          return {readEntries: (ok) => ok(batches.shift())};
        }});
        const drop = [folder("HH", [file("a.txt"), file("notes.md"), folder("2024", [file("b.TXT"), file(".hidden.txt")]),
                                    file("c.txt")]), file("single.log")];
        import("/js/hands.js").then(async (m) => {
          const out = [];
          for (const entry of drop) await m.filesOfEntry(entry, "", false, out);
          done(out.map((f) => f.name));
        });
    """)
    assert names == ["HH/a.txt", "HH/2024/b.TXT", "HH/c.txt", "single.log"]


def test_hand_histories_on_a_phone(phone, url, shots):
    load(phone, url)
    open_hands(phone)
    screenshot(phone, shots, "phone-hands-empty")
    upload(phone, history_files())
    assert css(phone, "#hands-allins tbody tr").is_displayed()
    width = phone.execute_script("return document.documentElement.scrollWidth")
    assert width <= phone.execute_script("return window.innerWidth"), "nothing wider than the phone"
    for selector in ("#hands-totals", "#hands-allins", "#hands-chart svg"):
        right = phone.execute_script(f"return document.querySelector('{selector}').getBoundingClientRect().right")
        assert right <= phone.execute_script("return window.innerWidth"), selector
    screenshot(phone, shots, "phone-hands")
    phone.execute_script("document.querySelector('#hands-chart-panel').scrollIntoView()")
    screenshot(phone, shots, "phone-hands-chart", top=False)
    phone.execute_script("document.querySelector('#hands-allins-panel').scrollIntoView()")
    screenshot(phone, shots, "phone-hands-all-ins", top=False)
