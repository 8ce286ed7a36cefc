"""Word lists the demo site's text is generated from (names, places, section vocabularies)."""

from __future__ import annotations

from dataclasses import dataclass

FIRST_NAMES = (
    "Jane", "John", "Ana", "José", "Zoë", "Søren", "Chloé", "Łukasz", "Amara", "Kenji",
    "Priya", "Tomás", "Ingrid", "Mehmet", "Aoife", "Nikolai", "Fatima", "Björn", "Élodie",
    "Rafael", "Mei", "Oluwaseun", "Hannah", "Mateo", "Saoirse", "Dmitri", "Lucía", "Kwame",
    "Astrid", "Gaël",
)  # fmt: skip
LAST_NAMES = (
    "Doe", "Roe", "Muñoz", "Álvarez", "Brontë-Shaw", "Østergaard", "Dubois", "Wiśniewski",
    "Okafor", "Tanaka", "Raman", "Ó Briain", "Lindqvist", "Yılmaz", "Nakamura", "Petrov",
    "Haddad", "Sørensen", "Lefèvre", "Costa", "Chen", "Adeyemi", "Fischer", "García",
    "Kowalczyk", "Mensah", "Novák", "Jönsson", "O’Neill", "Schäfer",
)  # fmt: skip
PLACES = (
    "Zürich", "São Paulo", "Kraków", "Malmö", "Reykjavík", "Córdoba", "Łódź", "Thessaloníki",
    "Montréal", "Bogotá", "Nîmes", "Gdańsk", "Lisbon", "Nairobi", "Osaka", "Tromsø",
    "Bordeaux", "Valparaíso", "Gothenburg", "Dubrovnik",
)  # fmt: skip
ORGS = (
    "the European Commission", "the central bank", "Northwind Energy", "Helix Biotech",
    "the Royal Statistical Society", "the transport ministry", "the Alpine Research Institute",
    "Caldera Mining", "the national rail operator", "the city council", "the Institute for "
    "Fiscal Studies", "the Harbour Trust",
)  # fmt: skip
ROLES = (
    "a spokesperson for {org}", "an economist at {org}", "a senior researcher at {org}",
    "who chairs the committee", "a former adviser to the prime minister",
    "a resident of {place}", "the head of policy at {org}", "who has lived in {place} for decades",
)  # fmt: skip
QUOTES = (
    "we are not going to back down now", "this is only the beginning",
    "nobody expected it to happen this quickly", "the numbers simply don’t add up",
    "we have been warning about this for years", "it’s a question of trust",
    "there is no plan B", "people are tired — and they’re angry",
    "we owe it to the next generation", "frankly, it could have been much worse",
    "the details matter more than the headlines", "this changes everything for small firms",
    "we’ll know more in a few weeks", "it’s not perfect, but it’s a start",
)  # fmt: skip
DETAILS = (
    "citing rising costs", "after weeks of pressure", "according to people familiar with the "
    "matter", "a move that surprised many observers", "despite objections from several members",
    "in a statement released late in the evening", "ahead of a crucial vote next month",
    "following a lengthy review",
)  # fmt: skip
ASIDES = (
    "a decision few saw coming", "the first such step in a decade", "at least for now",
    "to the relief of many", "with little fanfare", "after months of speculation",
)  # fmt: skip
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip
ORDINALS = ("second", "third", "fourth", "fifth")
AGENCIES = ("Northlight", "Meridian Pictures", "Polar Press", "Agence Lumen", "Harbour Images")
SUBHEADINGS = (
    "What happens next", "A long road to {place}", "The numbers behind {issue}",
    "Why it matters", "Reaction in {place}", "What critics say", "Background",
    "A turning point?",
)  # fmt: skip


@dataclass(frozen=True)
class Vocab:
    """Section-specific vocabulary: who acts, what they do (base, past), to what."""

    actors: tuple[str, ...]
    acts: tuple[tuple[str, str], ...]
    things: tuple[str, ...]
    issues: tuple[str, ...]
    metrics: tuple[str, ...]


VOCABS: dict[str, Vocab] = {
    "world": Vocab(
        ("foreign ministers", "aid agencies", "the coalition government", "border officials",
         "UN envoys", "regional leaders", "coastal communities", "the interim president"),
        (("back", "backed"), ("reject", "rejected"), ("announce", "announced"),
         ("postpone", "postponed"), ("criticise", "criticised"), ("sign", "signed")),
        ("a ceasefire proposal", "a new trade agreement", "emergency funding for flood victims",
         "a revised migration pact", "plans for a joint summit", "the water-sharing treaty",
         "sanctions on shipping firms", "a reconstruction fund"),
        ("food insecurity", "the refugee backlog", "rising sea levels", "the energy shortfall"),
        ("aid deliveries", "border crossings", "grain exports", "asylum applications"),
    ),
    "politics": Vocab(
        ("opposition lawmakers", "the finance minister", "the upper house", "party members",
         "the election commission", "backbench MPs", "the prime minister’s office", "city mayors"),
        (("approve", "approved"), ("block", "blocked"), ("unveil", "unveiled"),
         ("defend", "defended"), ("scrap", "scrapped"), ("amend", "amended")),
        ("the housing bill", "a cap on rent increases", "the new voting rules",
         "a tax on frequent flyers", "the pension reform", "plans to lower the voting age",
         "next year’s budget", "a review of lobbying rules"),
        ("the cost of living", "low turnout", "regional inequality", "public trust"),
        ("approval ratings", "turnout", "party membership", "public borrowing"),
    ),
    "business": Vocab(
        ("shareholders", "the central bank", "Northwind Energy", "small retailers",
         "Caldera Mining", "the competition regulator", "the country’s largest lender",
         "chipmakers"),
        (("raise", "raised"), ("cut", "cut"), ("announce", "announced"),
         ("abandon", "abandoned"), ("approve", "approved"), ("delay", "delayed")),
        ("interest rates", "a €2bn takeover bid", "plans for a new factory", "the merger",
         "a hiring freeze", "dividend payments", "prices for the second time this year",
         "a share buyback"),
        ("sticky inflation", "weak consumer demand", "supply-chain bottlenecks",
         "the labour shortage"),
        ("inflation", "retail sales", "factory output", "house prices", "the jobless rate"),
    ),
    "science": Vocab(
        ("researchers", "astronomers", "a team of geneticists", "the Alpine Research Institute",
         "Helix Biotech", "climate scientists", "marine biologists", "engineers at the lab"),
        (("discover", "discovered"), ("publish", "published"), ("map", "mapped"),
         ("test", "tested"), ("identify", "identified"), ("measure", "measured")),
        ("a new species of deep-sea coral", "the genome of an ancient wheat variety",
         "a faint signal from a distant galaxy", "evidence of water beneath the ice",
         "a battery that charges in minutes", "the oldest known cave painting in the region",
         "a vaccine candidate for a tropical disease"),
        ("antibiotic resistance", "glacier loss", "biodiversity decline",
         "the reproducibility crisis"),
        ("ocean temperatures", "glacier mass", "insect populations", "atmospheric methane"),
    ),
    "culture": Vocab(
        ("festival organisers", "the national gallery", "critics", "the director",
         "independent publishers", "the orchestra", "streaming platforms", "the museum’s curators"),
        (("unveil", "unveiled"), ("cancel", "cancelled"), ("celebrate", "celebrated"),
         ("restore", "restored"), ("reissue", "reissued"), ("premiere", "premiered")),
        ("a retrospective of mid-century photography", "the lost manuscript",
         "a new opera about migration", "the long-awaited sequel",
         "a collection of medieval tapestries", "the summer programme",
         "an album recorded in a single night"),
        ("arts funding cuts", "the decline of local cinemas", "rising ticket prices",
         "fair pay for musicians"),
        ("visitor numbers", "ticket sales", "book sales", "streaming revenue"),
    ),
    "sport": Vocab(
        ("the home side", "the national coach", "the league", "the defending champions",
         "the club’s owners", "the 19-year-old striker", "the cycling federation",
         "the veteran captain"),
        (("win", "won"), ("lose", "lost"), ("appeal", "appealed"), ("secure", "secured"),
         ("confirm", "confirmed"), ("extend", "extended")),
        ("the title race", "a late penalty", "a three-year contract", "the semi-final",
         "a record transfer fee", "the stage victory", "a place in the final"),
        ("fixture congestion", "player burnout", "ticket pricing", "the use of video review"),
        ("attendance", "goals conceded", "television ratings", "season-ticket sales"),
    ),
}  # fmt: skip
