#!/usr/bin/env python3
"""The playground in a real browser: Debian's Chromium, headless, driven by selenium.

Starts mush-serve (the binary given) on a free port of 127.0.0.1 with the repository's examples,
loads the page, and checks what a person would do: pick an example, edit a value and see the
picture change, hover a box and read its JSON path, break the JSON and read the error while the
last good picture stays. With --screenshot FILE, saves the page as a PNG.

    python3 Server/Tests/playground_test.py Server/.build/debug/mush-serve [--screenshot FILE]
"""
import argparse
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "Examples")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_service(url, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=1) as response:
                if response.read() == b"ok\n":
                    return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("playground_test: mush-serve did not start")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("serve")
    parser.add_argument("--screenshot")
    arguments = parser.parse_args()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [arguments.serve, "--port", str(port), "--image-root", EXAMPLES, "--examples", EXAMPLES,
         "--log-level", "warning"])
    failures = []

    def check(condition, message):
        print(("ok   " if condition else "FAIL ") + message)
        if not condition:
            failures.append(message)

    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1000",
                 "--force-device-scale-factor=1"):
        options.add_argument(flag)
    driver = None
    try:
        wait_for_service(url)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        wait = WebDriverWait(driver, 20)
        picture = lambda: driver.find_element("id", "picture")
        drawn = lambda: int(picture().get_attribute("data-drawn") or 0)
        svg_text = lambda: driver.execute_async_script(
            "const done = arguments[0]; fetch(document.getElementById('picture').src)"
            ".then(r => r.text()).then(done, () => done(''));")

        # The page starts on the card, drawn.
        driver.get(url + "/")
        wait.until(lambda d: drawn() >= 1)
        check("Sunrise" in svg_text(), "the card is drawn on loading")

        # Pick another example.
        before = drawn()
        Select(driver.find_element("id", "examples")).select_by_value("login.json")
        wait.until(lambda d: drawn() > before)
        check('"Log in"' in driver.find_element("id", "editor").get_attribute("value")
              or "Log in" in svg_text(), "picking login.json loads and draws it")

        # The grid example: a dashboard of named areas, drawn with its heading and tiles.
        before = drawn()
        Select(driver.find_element("id", "examples")).select_by_value("dashboard.json")
        wait.until(lambda d: drawn() > before)
        text = svg_text()
        check("gridTemplateAreas" in driver.find_element("id", "editor").get_attribute("value")
              and "Harbour" in text and "Tickets" in text, "picking dashboard.json draws the grid")

        # Edit a value: the card's title, typed into the editor.
        Select(driver.find_element("id", "examples")).select_by_value("card.json")
        wait.until(lambda d: "Sunrise" in svg_text())
        with open(os.path.join(EXAMPLES, "card.json")) as f:
            card = f.read()
        edited = card.replace("Sunrise over the harbour", "Moonrise over the bay")
        before = drawn()
        driver.execute_script(
            "const e = document.getElementById('editor'); e.value = arguments[0];"
            "e.dispatchEvent(new Event('input'));", edited)
        wait.until(lambda d: drawn() > before)
        text = svg_text()
        check("Moonrise" in text and "Sunrise" not in text, "editing the title redraws the picture")
        check("doc=" in driver.current_url and "Moonrise" in urllib.request.unquote(driver.current_url),
              "the document is kept in the URL's fragment")

        # Hover the body text (40, 200 in the card's points): its path and frame.
        size = picture().size
        ActionChains(driver).move_to_element_with_offset(
            picture(), 40 - size["width"] / 2, 200 - size["height"] / 2).perform()
        wait.until(lambda d: d.find_element("id", "hover-path").text != "")
        check(driver.find_element("id", "hover-path").text == "children[2] (body)",
              "hovering the body shows its path: " + driver.find_element("id", "hover-path").text)
        check(driver.find_element("id", "hover-frame").text == "12, 196, 296 × 33",
              "and its frame: " + driver.find_element("id", "hover-frame").text)
        check(driver.find_element("id", "outline").is_displayed(), "and outlines it")

        # Break the JSON: an error with its path, and the last good picture stays.
        good = picture().get_attribute("src")
        broken = edited.replace('"font": {"size": 14}', '"font": {"size": -3}')
        driver.execute_script(
            "const e = document.getElementById('editor'); e.value = arguments[0];"
            "e.dispatchEvent(new Event('input'));", broken)
        wait.until(lambda d: "shown" in d.find_element("id", "error").get_attribute("class"))
        path = driver.find_element("id", "error-path").text.strip()
        message = driver.find_element("id", "error-message").text
        check(path == "children[2].font.size:", "a bad font size is named by its path: " + path)
        check("must be" in message, "with its problem: " + message)
        check(picture().get_attribute("src") == good, "the last good picture stays")

        # The Mush tab: a paragraph's lines at a width.
        driver.find_element("id", "tab-mush").click()
        wait.until(lambda d: len(d.find_elements("css selector", "#mush-lines li")) > 0)
        lines = driver.find_elements("css selector", "#mush-lines li")
        check(len(lines) >= 2, f"the Mush tab wraps the paragraph into {len(lines)} lines")
        check("<b>bold</b>" in driver.find_element("id", "mush-html-source").text, "and shows its HTML")
        driver.find_element("id", "tab-boxes").click()

        if arguments.screenshot:
            driver.execute_script(
                "const e = document.getElementById('editor'); e.value = arguments[0];"
                "e.dispatchEvent(new Event('input'));", card)
            wait.until(lambda d: "shown" not in d.find_element("id", "error").get_attribute("class"))
            time.sleep(0.5)
            size = picture().size
            ActionChains(driver).move_to_element_with_offset(
                picture(), 60 - size["width"] / 2, 100 - size["height"] / 2).perform()
            wait.until(lambda d: d.find_element("id", "hover-path").text != "")
            time.sleep(0.3)
            driver.save_screenshot(arguments.screenshot)
            print("screenshot: " + arguments.screenshot)
    finally:
        if driver:
            driver.quit()
        server.terminate()
        server.wait(timeout=10)
    if failures:
        print(f"playground_test: {len(failures)} failed", file=sys.stderr)
        sys.exit(1)
    print("playground_test: all passed")


if __name__ == "__main__":
    main()
