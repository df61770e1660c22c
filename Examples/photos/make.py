"""Draws the demo's four photos (landscapes made of gradients, hills and a sun) as PNG files.

Run from this folder: python3 make.py. Needs numpy; the PNG writer is zlib and struct. The
pictures are the same on every run (no randomness), 328 x 246 pixels: 164 x 123 points at scale 2.
"""

import struct
import zlib

import numpy as np

WIDTH, HEIGHT = 328, 246


def mix(a, b, t):
    return a + (b - a) * t[..., None]


def landscape(sky_top, sky_bottom, sun, sun_xy, hills):
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH].astype(float)
    image = mix(np.array(sky_top, float), np.array(sky_bottom, float), y / HEIGHT)
    # The sun and its glow.
    distance = np.hypot(x - sun_xy[0] * WIDTH, y - sun_xy[1] * HEIGHT)
    glow = np.clip(1 - distance / (0.45 * WIDTH), 0, 1) ** 2 * 0.5
    image = mix(image, np.array(sun, float), glow)
    disc = np.clip((0.085 * WIDTH - distance) / 1.5, 0, 1)
    image = mix(image, np.array(sun, float), disc)
    # Hills, back to front: each a sum of sines, shaded darker towards the bottom.
    for base, amplitude, frequency, phase, color in hills:
        ridge = HEIGHT * (base + amplitude * np.sin(frequency * x / WIDTH * 2 * np.pi + phase)
                          + amplitude * 0.4 * np.sin(2.7 * frequency * x / WIDTH * 2 * np.pi + 2 * phase))
        inside = np.clip(y - ridge + 0.5, 0, 1)
        shade = np.array(color, float) * (1 - 0.25 * np.clip((y - ridge) / HEIGHT, 0, 1))[..., None]
        image = mix(image, shade, inside)
    return np.clip(image, 0, 255).astype(np.uint8)


def write_png(path, pixels):
    rows = b"".join(b"\x00" + pixels[row].tobytes() for row in range(pixels.shape[0]))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", pixels.shape[1], pixels.shape[0], 8, 2, 0, 0, 0)
    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9))
                   + chunk(b"IEND", b""))


PHOTOS = {
    "dawn.png": landscape((255, 170, 120), (255, 226, 180), (255, 245, 210), (0.7, 0.55),
                          [(0.62, 0.05, 1.2, 0.3, (168, 120, 150)), (0.75, 0.04, 1.7, 1.9, (110, 80, 120)),
                           (0.86, 0.03, 2.3, 4.0, (60, 45, 80))]),
    "noon.png": landscape((70, 150, 230), (185, 225, 250), (255, 255, 235), (0.25, 0.22),
                          [(0.6, 0.06, 1.0, 2.0, (120, 185, 120)), (0.74, 0.05, 1.6, 0.5, (70, 150, 80)),
                           (0.87, 0.03, 2.1, 3.1, (40, 110, 60))]),
    "dusk.png": landscape((60, 50, 120), (240, 120, 90), (255, 200, 120), (0.4, 0.62),
                          [(0.64, 0.05, 1.3, 1.1, (90, 60, 100)), (0.77, 0.04, 1.9, 2.6, (55, 40, 75)),
                           (0.88, 0.03, 2.6, 0.2, (30, 22, 45))]),
    "snow.png": landscape((150, 190, 225), (230, 240, 250), (255, 255, 255), (0.8, 0.2),
                          [(0.55, 0.12, 1.1, 0.7, (235, 240, 248)), (0.72, 0.06, 1.8, 2.2, (200, 212, 228)),
                           (0.86, 0.03, 2.4, 5.0, (120, 140, 165))]),
}

if __name__ == "__main__":
    for name, pixels in PHOTOS.items():
        write_png(name, pixels)
