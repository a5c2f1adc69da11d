"""The page under the server's rules (docs/serve.md, "Origin rules"): its Content-Security-Policy
breaks nothing, a page from another origin gets no answer, and the token of a server on another
address is passed along by the page."""
import http.server
import os
import re
import subprocess
import threading
import time
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import load
from test_page import calculate, css, details_done, type_range

WAIT = 20


def policy_violations(driver):
    return [entry["message"] for entry in driver.get_log("browser")
            if "Content Security Policy" in entry["message"] or "Refused to" in entry["message"]]


def test_the_page_works_under_its_content_security_policy(page):
    page.get_log("browser")  # (drops what came before)
    policy = page.execute_async_script(
        "const done = arguments[0]; fetch('/').then(r => done(r.headers.get('content-security-policy')))")
    assert "script-src 'self'" in policy
    load(page, page.current_url)
    type_range(page, 1, "22+,A2+,K2+,Q2+,J7+,T7+,97+,86+,76s,65s")
    type_range(page, 2, "QQ+,AKs")
    css(page, "#board").send_keys("Ks7h2c")
    calculate(page)
    details_done(page)
    assert css(page, "#per-combo").text
    assert css(page, "#distribution").find_elements(By.CSS_SELECTOR, "svg")
    assert policy_violations(page) == []


# A page of another origin (another port of this machine) that tries the API every way a page can.
EVIL = """<!doctype html><title>evil</title><script>
const target = %s;
const results = {};
async function attempt(name, url, init) {
  try {
    const response = await fetch(url, init);
    results[name] = "answered " + response.status + " " + (await response.text()).slice(0, 40);
  } catch (e) {
    results[name] = "refused";
  }
}
(async () => {
  const question = JSON.stringify({players: ["AsAc", "KhQh"]});
  await attempt("json", target + "api/equity", {method: "POST", headers: {"Content-Type": "application/json"}, body: question});
  await attempt("text", target + "api/equity", {method: "POST", headers: {"Content-Type": "text/plain"}, body: question});
  await attempt("opaque", target + "api/equity", {method: "POST", mode: "no-cors", body: question});
  await attempt("health", target + "api/health", {});
  await attempt("range", target + "api/range?expr=AA", {});
  document.title = "done " + JSON.stringify(results);
})();
</script>"""


def test_a_page_from_another_origin_gets_no_answer(desktop, url):
    page = EVIL % repr(url.split("?")[0])

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = page.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    evil = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=evil.serve_forever, daemon=True)
    thread.start()
    try:
        desktop.get(f"http://127.0.0.1:{evil.server_address[1]}/")
        WebDriverWait(desktop, WAIT).until(lambda d: d.title.startswith("done"))
        results = desktop.title
    finally:
        evil.shutdown()
    # (The blind no-cors post is refused by the server, 403, and its answer blocked by the browser:
    # Cross-Origin-Resource-Policy: same-origin.)
    for name in ("json", "text", "opaque", "health", "range"):
        assert f'"{name}":"refused"' in results, results


@pytest.fixture
def token_server():
    """`equity serve` on 127.0.0.2 (loopback, but not 127.0.0.1: it requires its token)."""
    program = os.environ.get("EQUITY_PROGRAM")
    if not program:
        pytest.skip("EQUITY_PROGRAM is not set: run scripts/test-web.sh")
    process = subprocess.Popen([program, "serve", "--port", "0", "--host", "127.0.0.2"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"http://\S+", line)
    try:
        assert match, line + process.stderr.read()
        yield match.group(0)
    finally:
        process.terminate()
        process.wait(10)


def test_the_page_passes_the_token_along(desktop, token_server):
    assert "token=" in token_server
    load(desktop, token_server)
    type_range(desktop, 1, "AsAc")
    type_range(desktop, 2, "KhQh")
    calculate(desktop)
    assert css(desktop, "#equity-1").text == "82.315%"
    # Without the token the page loads, and its questions are refused.
    bare = urllib.parse.urlsplit(token_server)._replace(query="").geturl()
    desktop.get(bare)
    WebDriverWait(desktop, WAIT).until(lambda d: css(d, "body").get_attribute("data-ready") == "true"
                                       or css(d, "#error").text)
    time.sleep(0.2)
    type_range(desktop, 1, "AsAc")
    type_range(desktop, 2, "KhQh")
    calculate(desktop)
    assert "token" in css(desktop, "#error").text
