"""Generation of shop products (prices, identifiers with valid GTIN-13 check digits, specs)."""

from __future__ import annotations

import random
from decimal import Decimal

from pace_scrapy.demo.images import make_image
from pace_scrapy.demo.model import Product
from pace_scrapy.demo.rng import rng_for

CATEGORIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "kitchen": ("Kitchen", ("Chef’s Knife", "Cast-Iron Skillet", "Pour-Over Kettle",
                            "Espresso Grinder", "Chopping Board")),
    "audio": ("Audio", ("Wireless Headphones", "Bookshelf Speakers", "Portable Speaker",
                        "Turntable", "DAC Amplifier")),
    "outdoor": ("Outdoor", ("Trail Backpack", "Insulated Bottle", "Camping Stove",
                            "Rain Jacket", "Headlamp")),
    "home-office": ("Home office", ("Desk Lamp", "Ergonomic Chair", "Mechanical Keyboard",
                                    "Monitor Arm", "Notebook Set")),
}  # fmt: skip
BRANDS = ("Nordvik", "Acorn & Pine", "Kestrel", "Lumière", "Soundforge", "Brightwell", "Halden")
_ADJECTIVES = ("Compact", "Pro", "Classic", "Ultralight", "Studio", "Everyday", "Heritage")
_MODELS = ("X2", "300", "Mk II", "S", "Air", "2024", "Plus")
_COLOURS = ("Graphite", "Sage green", "Oat", "Midnight blue", "Rust", "Chalk white")
_MATERIALS = (
    "Recycled aluminium",
    "Beech wood",
    "Stainless steel",
    "Organic cotton",
    "Anodised aluminium",
)
_PRICE_RANGES = {"kitchen": (15, 240), "audio": (39, 1490), "outdoor": (12, 380),
                 "home-office": (9, 890)}  # fmt: skip
IN_STOCK_TEXTS = ("In stock", "Only {n} left in stock", "In stock — ships in 1–2 days")
OUT_OF_STOCK_TEXTS = ("Out of stock", "Currently unavailable")


def gtin13_check_digit(first12: str) -> int:
    """GS1 check digit: weights 1,3,1,3,... from the left over the first 12 digits."""
    if len(first12) != 12 or not first12.isdigit():
        raise ValueError(f"expected 12 digits, got {first12!r}")
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(first12))
    return (10 - total % 10) % 10


def _price(rng: random.Random, low: int, high: int) -> Decimal:
    euros = rng.randint(low, high)
    return Decimal(f"{euros}.{rng.choice(('00', '49', '95', '99'))}")


def make_product(seed: int, index: int) -> Product:
    """Product ``index`` of the shop."""
    rng = rng_for(seed, "product", index)
    category = rng.choice(sorted(CATEGORIES))
    brand = rng.choice(BRANDS)
    noun = rng.choice(CATEGORIES[category][1])
    name = f"{brand} {rng.choice(_ADJECTIVES)} {noun} {rng.choice(_MODELS)}"
    price = _price(rng, *_PRICE_RANGES[category])
    regular = None
    if rng.random() < 0.35:
        regular = (price * Decimal(rng.choice(("1.15", "1.25", "1.4")))).quantize(Decimal("1"))
        regular -= Decimal("0.01")
    first12 = rng.choice(("40", "50", "87")) + "".join(str(rng.randrange(10)) for _ in range(10))
    in_stock = rng.random() < 0.75
    stock_text = rng.choice(IN_STOCK_TEXTS if in_stock else OUT_OF_STOCK_TEXTS)
    images = tuple(
        make_image(rng, f"{name}, view {n + 1}", seed, "product", index, n)
        for n in range(rng.randint(2, 5))
    )
    use = noun.lower()
    description = (
        f"The {name} is a {use} designed for everyday use, built to last and easy to care for.",
        f"Made from {rng.choice(_MATERIALS).lower()} and tested by our editors for "
        f"{rng.randint(2, 8)} weeks — it’s the {use} we keep reaching for.",
    )
    rating = None
    if rng.random() < 0.8:
        rating = (rng.randint(30, 50) / 10, rng.randint(1, 2400))
    specs = (
        ("Colour", rng.choice(_COLOURS)),
        ("Material", rng.choice(_MATERIALS)),
        ("Weight", f"{rng.randint(80, 4800)} g"),
        ("Warranty", f"{rng.choice((1, 2, 3, 5))} years"),
    )
    return Product(
        index=index,
        category=category,
        name=name,
        brand=brand,
        price=price,
        regular_price=regular,
        sku=f"MH{index + 1:05d}-{rng.randint(10, 99)}",
        mpn=f"{brand[:3].upper()}-{rng.randint(1000, 9999)}{rng.choice('ABCDEFGH')}",
        gtin=first12 + str(gtin13_check_digit(first12)),
        in_stock=in_stock,
        stock_text=stock_text.format(n=rng.randint(2, 9)),
        images=images,
        description=description,
        rating=rating,
        specs=specs,
        json_ld=index % 3 != 2,
    )


def breadcrumb_trail(product: Product) -> list[tuple[str, str]]:
    """Linked breadcrumb trail (name, path) of a product page: Home, Shop, category."""
    return [
        ("Home", "/"),
        ("Shop", "/shop/"),
        (CATEGORIES[product.category][0], f"/shop/{product.category}/"),
    ]
