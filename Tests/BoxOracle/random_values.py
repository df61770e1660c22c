"""Random style values shared by the oracles' tree generators (taffy_oracle.py, chromium_oracle.py).

Each function draws from the `random.Random` it is given, in a fixed order, so that a case of a
given seed and index is the same whichever script writes it.
"""

SIDES = ("top", "right", "bottom", "left")
PERCENTS = [0, 5, 10, 20, 25, 30, 33, 40, 50, 60, 75, 80, 100]


def half(rng, low, high):
    """A value in [low, high]: mostly whole, sometimes a half."""
    if rng.random() < 0.75:
        return rng.randint(low, high)
    value = rng.randint(2 * low, 2 * high) / 2
    return int(value) if value == int(value) else value


def percentage(rng):
    return f"{rng.choice(PERCENTS)}%"


def size(rng, low, high, *, auto=0.12, percent=0.2):
    """A size: `auto`, a percentage or points."""
    roll = rng.random()
    if roll < auto:
        return "auto"
    if roll < auto + percent:
        return percentage(rng)
    return half(rng, low, high)


def edge_value(rng, high, *, auto=0.0, percent=0.1):
    """One edge of a margin, padding or inset: `auto`, a small percentage or points."""
    roll = rng.random()
    if roll < auto:
        return "auto"
    if roll < auto + percent:
        return f"{rng.choice([0, 1, 2, 5, 10])}%"
    return half(rng, 0, high)


def edges(rng, make):
    """One value for all four edges, or an object of some of them, each from `make()`."""
    if rng.random() < 0.4:
        return make()
    chosen = [side for side in SIDES if rng.random() < 0.5] or [rng.choice(SIDES)]
    return {side: make() for side in chosen}
