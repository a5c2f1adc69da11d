"""Browser tests of the page `equity serve` serves: headless Chromium driven by Selenium.

scripts/test-web.sh starts the server and sets EQUITY_URL (the page) and EQUITY_SCREENSHOTS (where
each view's screenshot goes); run that rather than pytest directly.
"""
import os
import pathlib

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait


def make_driver(width, height):
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-proxy-server", f"--window-size={width},{height}", "--hide-scrollbars"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # test_security.py reads the console
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    driver.set_window_size(width, height)
    return driver


@pytest.fixture(scope="session")
def url():
    value = os.environ.get("EQUITY_URL")
    if not value:
        pytest.skip("EQUITY_URL is not set: run scripts/test-web.sh")
    return value


@pytest.fixture(scope="session")
def shots():
    path = pathlib.Path(os.environ.get("EQUITY_SCREENSHOTS", "web-screenshots"))
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def desktop():
    driver = make_driver(1280, 800)
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def phone():
    driver = make_driver(375, 800)
    yield driver
    driver.quit()


def load(driver, url):
    """Opens the page fresh and waits until its script has started."""
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.find_element("css selector", "body").get_attribute("data-ready") == "true")
    return driver


@pytest.fixture
def page(desktop, url):
    return load(desktop, url)
