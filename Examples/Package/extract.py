#!/usr/bin/env python3
"""Writes the README's first Swift example (the first ```swift block) to Sources/Card/main.swift,
as it stands: CI builds and runs it, so the README's program is the one that works."""
import os
import re

here = os.path.dirname(os.path.abspath(__file__))
readme = open(os.path.join(here, "..", "..", "README.md"), encoding="utf-8").read()
block = re.search(r"```swift\n(.*?)```", readme, re.S)
if block is None:
    raise SystemExit("the README has no ```swift block")
os.makedirs(os.path.join(here, "Sources", "Card"), exist_ok=True)
with open(os.path.join(here, "Sources", "Card", "main.swift"), "w", encoding="utf-8") as file:
    file.write(block.group(1))
