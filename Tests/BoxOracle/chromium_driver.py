"""Debian's headless Chromium through selenium, as the browser oracles open it.

`open_page(page)` starts one Chromium (headless, no sandbox or GPU, a 1200 x 800 window at scale 1,
no scroll bars; the binaries Debian's `chromium` and `chromium-driver` install) with `page` (HTML)
loaded, and returns its driver; the caller quits it. Used by `chromium_oracle.py` and
`chromium_inline.py`.
"""


def open_page(page):
    from urllib.parse import quote

    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,800",
                     "--force-device-scale-factor=1", "--hide-scrollbars"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    driver.get("data:text/html;charset=utf-8," + quote(page))
    return driver
