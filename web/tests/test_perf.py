"""Performance of the page, measured and reported (not asserted: wall-clock times depend on the
machine). Writes the medians to perf.txt beside the screenshots and prints them."""
import statistics

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import load
from test_page import type_range

RUNS = 11


def click_times(page, ranges, board=""):
    """Median milliseconds from the Calculate click to the numbers, and to the details, on screen."""
    for n, text in enumerate(ranges, start=1):
        type_range(page, n, text)
    page.find_element(By.CSS_SELECTOR, "#board").send_keys(board)
    numbers, details = [], []
    for _ in range(RUNS):
        page.execute_script("delete document.querySelector('#results').dataset.clickMs;"
                            "delete document.querySelector('#details-panel').dataset.clickMs;")
        page.find_element(By.CSS_SELECTOR, "#calculate").click()
        WebDriverWait(page, 30).until(lambda d: d.execute_script(
            "return document.querySelector('#details-panel').dataset.clickMs"))
        numbers.append(float(page.execute_script("return document.querySelector('#results').dataset.clickMs")))
        details.append(float(page.execute_script("return document.querySelector('#details-panel').dataset.clickMs")))
    return statistics.median(numbers), statistics.median(details)


def test_report_performance(desktop, url, shots):
    loads, sizes = [], []
    for _ in range(RUNS):
        page = load(desktop, url)
        nav = page.execute_script("const n = performance.getEntriesByType('navigation')[0];"
                                  "return [n.loadEventEnd, n.decodedBodySize +"
                                  " performance.getEntriesByType('resource').reduce((s, r) => s + r.decodedBodySize, 0)];")
        loads.append(nav[0])
        sizes.append(nav[1])
    lines = [f"page load (navigation to load event, localhost): median {statistics.median(loads):.1f} ms; "
             f"page and scripts {max(sizes) / 1024:.1f} KB"]
    heads_up = click_times(load(desktop, url), ["AsAc", "KhQh"])
    lines.append(f"heads-up preflop AsAc vs KhQh: click to numbers median {heads_up[0]:.1f} ms, "
                 f"to details {heads_up[1]:.1f} ms")
    wide = "22+,A2+,K2+,Q2+,J7+,T7+,97+,86+,76s,65s"
    flop = click_times(load(desktop, url), [wide, wide], "Ks7h2c")
    lines.append(f"flop Ks7h2c, two ranges of {wide}: click to numbers median {flop[0]:.1f} ms, "
                 f"to the per-combo breakdown {flop[1]:.1f} ms")
    (shots / "perf.txt").write_text("\n".join(lines) + "\n")
    print("\n" + "\n".join(lines))
