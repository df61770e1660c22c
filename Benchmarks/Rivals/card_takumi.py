#!/usr/bin/env python3
"""The README's card and the demo page, drawn by the render service against Takumi (HTML+CSS → PNG).

Takumi (Rust, through the PyPI package `takumi-py`, module `takumi_py`) draws the same pictures from
HTML written here to match `mush layout`'s frames: the same fonts (DejaVu Sans, Bold, Oblique and
Bold Oblique from Fonts/, registered with Takumi explicitly; its bundled fonts are not loaded), the
same photos and icons (their bytes, handed to each render as Takumi's per-render images), at device
pixel ratio 2:

    card    Examples/card.json, 320x240 points: 640x480 pixels
    demo    Examples/demo.json, the scroll view's whole content (375x741 points): 750x1482 pixels

Ours is mush-serve (release build, started here on 127.0.0.1 with --workers 1), timed from Python
over one persistent HTTP connection: POST /render?scale=2 (&format=F for a format other than PNG).
Its whole demo is `?whole=true` where the service takes it, else the demo with the root's height set
to its content height (`contentHeight` from POST /layout), which draws the same pixels. A service
built before text could hold inline boxes (it answers 400 to the card) is sent the card with the
"NEW" badge as a flex item beside the title instead, the same picture; the table marks that row *.
Theirs is Renderer.render_html on the HTML (parsed each time, as our service parses each body), in
the asked format at Takumi's defaults (JPEG: quality 75, and ours at 75 too; WebP: lossless, its only
kind, against ours lossy at quality 90: not the same job, listed for the sizes).

Both sides are warm (WARM renders first: fonts, decoded images and shaping caches loaded once) and
on one thread: RAYON_NUM_THREADS=1 for Takumi (its only thread setting), one worker for mush-serve.
Times are the best and the median of RUNS renders, in milliseconds; ours include the loopback HTTP
round trip (printed below the table). Each output's size is read back with Pillow: the run fails
when a card is not 640x480 or a demo not the content's size at scale 2. The outputs (ours-*,
takumi-*: look at the PNGs side by side) and Takumi's HTML are left in a new temporary folder,
printed at the end, with how far apart the two PNGs of each job are.

    python3 Benchmarks/Rivals/card_takumi.py [--serve PATH] [--runs N] [--formats png,jpeg,webp]
"""
import os

# Before takumi_py is imported: the rayon pool it draws with is sized when first used.
os.environ["RAYON_NUM_THREADS"] = "1"

import argparse
import copy
import http.client
import io
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "Examples")
FONT_FOLDERS = [os.path.join(ROOT, "Fonts"), "/usr/share/fonts/truetype/dejavu"]
FONTS = [("DejaVuSans.ttf", 400, "normal"), ("DejaVuSans-Bold.ttf", 700, "normal"),
         ("DejaVuSans-Oblique.ttf", 400, "italic"), ("DejaVuSans-BoldOblique.ttf", 700, "italic")]
IMAGES = ["photos/dawn.jpg", "photos/noon.png", "photos/dusk.png", "photos/snow.png",
          "icons/sun.svg", "icons/note.png", "icons/bell.png"]
SCALE = 2
WARM = 5

# Line heights: DejaVu Sans' ascent plus descent (0.928 + 0.236 of the size), the height `mush
# layout` gives a line; blocks of text get it as their height so that the flow below them is ours.
def line(size):
    return round(size * 1.1640625, 3)


def card_html():
    """Examples/card.json: a column 320 wide, padding 12, gap 8: the photo (296x148, cover), a row
    (the sun icon 18x18, the badge and the title, truncated to one line) and the body paragraph.
    Takumi breaks a nowrap line after an inline-block, so the badge is a flex item beside the title
    (at the 2.63 points from the line's top where `mush layout` puts our inline badge), and
    `word-break: break-all` makes Takumi's ellipsis cut between letters, as ours does, not between
    words."""
    return f"""<div style="display:flex;flex-direction:column;width:320px;height:240px;padding:12px;gap:8px;
background-color:#fff;color:#000;font-family:'DejaVu Sans';font-size:14px;line-height:{line(14)}px">
<img src="photos/dawn.jpg" style="width:296px;height:148px;object-fit:cover;flex-shrink:0">
<div style="display:flex;flex-direction:row;align-items:center;height:20px;flex-shrink:0">
<img src="icons/sun.svg" style="width:18px;height:18px;flex-shrink:0;margin-right:6px">
<div style="display:flex;align-self:flex-start;margin-top:2.631px;margin-right:6px;flex-shrink:0;
width:41px;height:17px;padding:2px 6px;border-radius:4px;background-image:linear-gradient(90deg,#ff7a18,#af002d);
color:#fff;font-size:11px;font-weight:700;line-height:{line(11)}px">NEW</div>
<div style="flex-shrink:1;min-width:0;font-size:17px;font-weight:700;line-height:{line(17)}px;
white-space:nowrap;word-break:break-all;overflow:hidden;text-overflow:ellipsis">Sunrise over the harbour, seen from the old lighthouse</div>
</div>
<div>Boats leave at <b>six</b>; the <i>first</i> ferry waits for the fishermen.</div>
</div>"""


def demo_html():
    """Examples/demo.json unrolled: 375x741, the page's gradient over the whole content, the title
    and subtitle, a grouped table (white, corners of 10, clipped; rows 44 tall with 16 of padding,
    hairline separators of 0.5 inset by 57) and a grid of four photo cards 164 wide (corners of 12,
    clipped, a shadow of y 1 and blur 4). Boxes are where `mush layout` puts them, on whole points
    (its frames are rounded there; Takumi's are not): the labels' heights and the row items'
    offsets from the row's top are its frames'."""
    def label(text, size, color, height, margin, bold=False):
        weight = "font-weight:700;" if bold else ""
        return (f'<div style="flex-shrink:0;margin:{margin};height:{height}px;font-size:{size}px;'
                f'line-height:{line(size)}px;{weight}color:{color}">{text}</div>')

    separator = ('<div style="position:absolute;left:57px;right:0;bottom:0;height:0.5px;'
                 'background-color:#c6c6c8"></div>')
    chevron = (f'<div style="margin:12px 0 0 10px;font-size:17px;line-height:{line(17)}px;'
               'color:#c7c7cc">›</div>')

    def badge(number, color):
        return (f'<div style="display:flex;width:24px;height:22px;margin-top:11px;padding:3px 0 0 7px;'
                f'flex-shrink:0;background-color:{color};color:#fff;font-size:13px;font-weight:700;'
                f'line-height:{line(13)}px">{number}</div>')

    def row(icon, name, right):
        return ('<div style="display:flex;flex-direction:row;align-items:flex-start;position:relative;'
                'flex-shrink:0;height:44px;padding:0 16px">'
                f'<img src="{icon}" style="width:29px;height:29px;flex-shrink:0;margin:8px 12px 0 0">'
                f'<div style="flex-grow:1;margin-top:13px;font-size:16px;font-weight:700;'
                f'line-height:{line(16)}px">{name}</div>{right}{chevron}{separator}</div>')

    def card(photo, title, caption, height):
        return (f'<div style="display:flex;flex-direction:column;width:164px;height:{height}px;'
                'margin:0 15px 15px 0;background-color:#fff;border-radius:12px;overflow:hidden;'
                'box-shadow:0 1px 4px #00000024">'
                f'<img src="{photo}" style="width:164px;height:110px;object-fit:cover;flex-shrink:0">'
                f'<div style="display:flex;flex-direction:column;margin:8px 11px 0 11px;font-size:14px;'
                f'line-height:{line(14)}px">'
                f'<div style="height:{line(14)}px;font-weight:700">{title}</div>'
                f'<div style="height:{line(14)}px;margin-top:2px;color:#8e8e93">{caption}</div></div></div>')

    away = f'<div style="margin-top:12px;font-size:17px;line-height:{line(17)}px;color:#8e8e93">away</div>'
    note = ('<div style="display:flex;flex-shrink:0;height:75px;padding:11px 16px">'
            f'<div style="width:311px;font-size:15px;line-height:{line(15)}px;color:#3c3c43">'
            'Wrote <b>the first program</b> in 1843, for an engine that was never built: <i>Note G</i>, '
            'a table of <span style="color:#007aff">Bernoulli numbers</span>.</div></div>')
    rows = [row("icons/sun.svg", "Ada Lovelace", badge(2, "#007aff")),
            row("icons/note.png", "Grace Hopper", away),
            row("icons/bell.png", "Alan Turing", badge(7, "#ff3b30")),
            note]
    cards = [card("photos/dawn.jpg", "Dawn", "The hills at six", 163),
             card("photos/noon.png", "Noon", "Green valleys", 163),
             card("photos/dusk.png", "Dusk", "The last light", 164),
             card("photos/snow.png", "Snow", "Winter, high up", 164)]
    return (
        '<div style="display:flex;flex-direction:column;width:375px;height:741px;background-color:#f2f2f7;'
        "background-image:linear-gradient(180deg,#dde7fb 0%,#f2f2f7 35%);font-family:'DejaVu Sans';color:#000\">"
        + label("Mush boxes", 30, "#000", 35, "22px 16px 0 16px", bold=True)
        + label("MGBoxKit's tables and grids, on Linux", 15, "#6d6d72", 18, "2px 16px 0 16px")
        + label("FRIENDS", 13, "#6d6d72", 16, "23px 32px 7px 32px")
        + '<div style="display:flex;flex-direction:column;flex-shrink:0;height:207px;margin:0 16px;'
          'background-color:#fff;border-radius:10px;overflow:hidden">' + "".join(rows) + "</div>"
        + label("PHOTOS", 13, "#6d6d72", 16, "24px 32px 6px 32px")
        # A grid, not a wrapping flex row: Takumi sizes a wrapping row's items at their min-content
        # text height (the cards came out 50 points too tall).
        + '<div style="display:grid;grid-template-columns:179px 179px;align-items:start;flex-shrink:0;'
          'padding-left:16px">' + "".join(cards) + "</div></div>")


def flat_card(card):
    """The card for a service built before text could hold inline boxes: the title's badge taken
    out of its text and put beside it as a flex item, 2.63 points down (where the inline badge
    sits; the row's gap of 6 stands for the badge's right margin), the same picture."""
    card = copy.deepcopy(card)
    heading = card["children"][1]
    icon, title = heading["children"]
    badge = dict(title["text"][0]["box"])
    badge.update({"flexShrink": 0, "alignSelf": "flex-start", "margin": {"top": 2.63134765625}})
    title["text"] = "".join(piece for piece in title["text"] if isinstance(piece, str))
    heading["children"] = [icon, badge, title]
    return card


class Service:
    """mush-serve on 127.0.0.1 and one keep-alive connection to it."""

    def __init__(self, path, folder):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.log = open(os.path.join(folder, "mush-serve.log"), "wb")
        self.process = subprocess.Popen(
            [path, "--hostname", "127.0.0.1", "--port", str(self.port), "--image-root", EXAMPLES,
             "--log-level", "warning", "--workers", "1"], stdout=self.log, stderr=subprocess.STDOUT)
        self.connection = None
        deadline = time.monotonic() + 20
        while True:
            try:
                if self.request("GET", "/healthz")[0] == 200:
                    break
            except OSError:
                self.connection = None
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                sys.exit(f"card_takumi.py: {path} did not start (its log: {self.log.name})")
            time.sleep(0.2)

    def request(self, method, path, body=None):
        if self.connection is None:
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        self.connection.request(method, path, body=body)
        answer = self.connection.getresponse()
        return answer.status, answer.read()

    def stop(self):
        if self.connection is not None:
            self.connection.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


def error_of(data):
    try:
        return json.loads(data)["error"]
    except (ValueError, KeyError, TypeError):
        return data[:200].decode("utf-8", "replace")


def timed(call, runs):
    """Milliseconds of each of `runs` calls, after WARM calls not counted."""
    for _ in range(WARM):
        call()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return times


def picture_size(data):
    from PIL import Image
    with Image.open(io.BytesIO(data)) as image:
        return image.size


def difference(ours, theirs):
    """How far apart two pictures of one size are: the mean difference of a channel (0-255) and the
    share of pixels where some channel differs by more than 64."""
    from PIL import Image, ImageChops, ImageStat
    a = Image.open(io.BytesIO(ours)).convert("RGB")
    b = Image.open(io.BytesIO(theirs)).convert("RGB")
    if a.size != b.size:
        return None
    delta = ImageChops.difference(a, b)
    mean = sum(ImageStat.Stat(delta).mean) / 3
    far = delta.convert("L", (1, 1, 1, 0)).point(lambda v: 255 if v > 64 else 0).histogram()[255]
    return mean, far * 100 / (a.size[0] * a.size[1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--serve", default=os.path.join(ROOT, "Server/.build/release/mush-serve"),
                        help="the mush-serve binary (default: Server/.build/release/mush-serve)")
    parser.add_argument("--runs", type=int, default=40, help="timed renders a side, job and format (40)")
    parser.add_argument("--formats", default="png", help="comma-separated: png, jpeg, webp (png)")
    arguments = parser.parse_args()
    formats = [f.strip().lower() for f in arguments.formats.split(",") if f.strip()]
    for f in formats:
        if f not in ("png", "jpeg", "webp"):
            sys.exit(f"card_takumi.py: --formats: '{f}' is not png, jpeg or webp")
    if arguments.runs < 1:
        sys.exit("card_takumi.py: --runs must be at least 1")
    try:
        import takumi_py
        from takumi_py import FontResource, Renderer
    except ImportError as error:
        sys.exit(f"card_takumi.py: takumi_py is missing ({error}); install it with `pip install takumi-py`")
    try:
        import PIL  # noqa: F401
    except ImportError:
        sys.exit("card_takumi.py: Pillow is missing (it checks the pictures' sizes); `pip install pillow`")
    if not os.access(arguments.serve, os.X_OK):
        sys.exit(f"card_takumi.py: no mush-serve at {arguments.serve} (build it, or name one with --serve)")

    fonts = []
    for name, weight, style in FONTS:
        path = next((os.path.join(d, name) for d in FONT_FOLDERS if os.path.exists(os.path.join(d, name))), None)
        if path is None:
            sys.exit(f"card_takumi.py: {name} is in none of {', '.join(FONT_FOLDERS)}")
        with open(path, "rb") as f:
            fonts.append(FontResource(f.read(), name="DejaVu Sans", weight=weight, style=style))
    renderer = Renderer(load_default_fonts=False, fonts=fonts)
    images = []
    for name in IMAGES:
        with open(os.path.join(EXAMPLES, name), "rb") as f:
            images.append((name, f.read()))

    folder = tempfile.mkdtemp(prefix="card_takumi-")
    with open(os.path.join(EXAMPLES, "card.json")) as f:
        card = json.load(f)
    with open(os.path.join(EXAMPLES, "demo.json")) as f:
        demo = json.load(f)
    service = Service(arguments.serve, folder)
    notes = []
    failed = False
    results = []
    try:
        # Each job: how ours is asked (path, body) and Takumi's HTML and pixel size.
        jobs = []
        card_body = json.dumps(card)
        status, data = service.request("POST", f"/render?scale={SCALE}", card_body)
        name = "card"
        if status != 200:
            flat = json.dumps(flat_card(card))
            again, _ = service.request("POST", f"/render?scale={SCALE}", flat)
            if again != 200:
                sys.exit(f"card_takumi.py: the service answers {status} to the card: {error_of(data)}")
            name = "card*"
            notes.append(f"* the service answers {status} to Examples/card.json ({error_of(data)}): it was "
                         "built before text could hold inline boxes, so it was sent the card with the "
                         "badge as a flex item beside the title (the same picture); rebuild mush-serve "
                         "to time the card as it is")
            card_body = flat
        jobs.append((name, f"/render?scale={SCALE}", card_body, card_html(), (320 * SCALE, 240 * SCALE)))

        demo_body = json.dumps(demo)
        status, layout = service.request("POST", "/layout", demo_body)
        if status != 200:
            sys.exit(f"card_takumi.py: the service answers {status} to POST /layout of the demo: {error_of(layout)}")
        layout = json.loads(layout)
        whole = (round(layout["width"] * SCALE), round(layout["contentHeight"] * SCALE))
        status, data = service.request("POST", f"/render?scale={SCALE}&whole=true", demo_body)
        if status == 200:
            demo_path = f"/render?scale={SCALE}&whole=true"
        else:
            unrolled = dict(demo, height=layout["contentHeight"])
            demo_path, demo_body = f"/render?scale={SCALE}", json.dumps(unrolled)
            notes.append(f"the service has no ?whole ({error_of(data)}): the demo was sent with its "
                         f"root's height set to its content height, {unrolled['height']:g} points")
        jobs.append(("demo", demo_path, demo_body, demo_html(), whole))

        for name, path, body, html, size in jobs:
            job = name.rstrip("*")
            with open(os.path.join(folder, f"takumi-{job}.html"), "w") as f:
                f.write(html)
            for fmt in formats:
                # JPEG at Takumi's quality (75); WebP lossy at ours' default (Takumi's is lossless).
                ours_path = (path if fmt == "png" else f"{path}&format={fmt}&quality=75" if fmt == "jpeg"
                             else f"{path}&format={fmt}")
                status, ours = service.request("POST", ours_path, body)
                ours_times = None
                if status == 200:
                    def ask(ours_path=ours_path, body=body):
                        status, data = service.request("POST", ours_path, body)
                        if status != 200:
                            raise RuntimeError(f"the service answered {status}: {error_of(data)}")
                    ours_times = timed(ask, arguments.runs)
                    with open(os.path.join(folder, f"ours-{job}.{fmt}"), "wb") as f:
                        f.write(ours)
                elif fmt == "png":
                    sys.exit(f"card_takumi.py: the service answers {status} to {ours_path}: {error_of(ours)}")
                else:
                    notes.append(f"ours, {fmt}: not supported ({error_of(ours)})")
                    ours = None
                # Takumi's viewport is in device pixels; the HTML's sizes are CSS pixels (points).
                width, height = size

                def draw(fmt=fmt, html=html, width=width, height=height):
                    return renderer.render_html(html, width=width, height=height, device_pixel_ratio=SCALE,
                                                images=images, format=fmt)
                try:
                    theirs = draw()
                    theirs_times = timed(draw, arguments.runs)
                    with open(os.path.join(folder, f"takumi-{job}.{fmt}"), "wb") as f:
                        f.write(theirs)
                except takumi_py.UnsupportedFormatError as error:
                    notes.append(f"Takumi, {fmt}: not supported ({error})")
                    theirs, theirs_times = None, None
                ours_size = picture_size(ours) if ours else None
                theirs_size = picture_size(theirs) if theirs else None
                for side, got in (("ours", ours_size), ("Takumi", theirs_size)):
                    if got is not None and got != size:
                        failed = True
                        notes.append(f"{job}, {fmt}: {side} is {got[0]}x{got[1]}, not {size[0]}x{size[1]}")
                results.append((name, fmt, ours_times, theirs_times, ours, theirs, ours_size, theirs_size))
        http_times = timed(lambda: service.request("GET", "/healthz"), arguments.runs)
    finally:
        service.stop()

    def ms(times):
        return f"{min(times):7.2f} {statistics.median(times):7.2f}" if times else f"{'not supported':>15}"

    def dims(size):
        return f"{size[0]}x{size[1]}" if size else "-"

    print(f"mush-serve (1 worker, over HTTP on 127.0.0.1) against Takumi (takumi-py, RAYON_NUM_THREADS=1): "
          f"scale {SCALE}, best and median of {arguments.runs} warm renders, ms")
    print(f"{'job':<6} {'format':<6} {'ours best':>9} {'median':>7} {'Takumi best':>11} {'median':>7} "
          f"{'ratio best':>10} {'median':>7} {'ours bytes':>10} {'Takumi bytes':>12} {'ours px':>9} {'Takumi px':>9}")
    for name, fmt, ours_times, theirs_times, ours, theirs, ours_size, theirs_size in results:
        if ours_times and theirs_times:
            ratio = (f"{min(theirs_times) / min(ours_times):9.2f}× "
                     f"{statistics.median(theirs_times) / statistics.median(ours_times):6.2f}×")
        else:
            ratio = f"{'-':>10} {'-':>7}"
        print(f"{name:<6} {fmt:<6} {ms(ours_times):>17} {ms(theirs_times):>19} {ratio} "
              f"{len(ours) if ours else '-':>10} {len(theirs) if theirs else '-':>12} "
              f"{dims(ours_size):>9} {dims(theirs_size):>9}")
    print(f"the loopback HTTP round trip alone (GET /healthz): best {min(http_times):.2f} ms, "
          f"median {statistics.median(http_times):.2f} ms (in ours' times)")
    for name, fmt, _, _, ours, theirs, _, _ in results:
        if fmt == "png" and ours and theirs:
            apart = difference(ours, theirs)
            if apart:
                print(f"{name.rstrip('*')}: ours and Takumi's PNGs differ by {apart[0]:.2f}/255 a channel on "
                      f"average; {apart[1]:.2f}% of pixels by more than 64")
    for note in dict.fromkeys(notes):
        print(note)
    print(f"pictures (ours-*, takumi-*) and Takumi's HTML: {folder}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
