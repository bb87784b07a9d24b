import RistrettoRules

/// Words the moka rules recognise: origins, roasts, processes, flavours, problems.
enum MokaVocabulary {
  /// Words that name an origin, and the corpus country (or region) they search for.
  static let origins: [(words: [String], origin: String)] = [
    (
      [
        "ethiopia", "ethiopian", "etiopia", "ethiopie", "athiopien", "yirgacheffe", "sidamo", "sidama", "guji", "harrar", "jimma",
      ], "Ethiopia"
    ),
    (["kenya", "kenyan", "nyeri", "kirinyaga", "embu"], "Kenya"),
    (["colombia", "colombian", "colombie", "kolumbien", "huila", "narino", "cauca", "tolima", "antioquia"], "Colombia"),
    (["brazil", "brazilian", "brasil", "bresil", "brasilien", "cerrado", "mogiana", "santos"], "Brazil"),
    (["guatemala", "guatemalan", "antigua", "huehuetenango", "atitlan"], "Guatemala"),
    (
      ["sumatra", "sumatran", "indonesia", "indonesian", "java", "sulawesi", "toraja", "mandheling", "aceh", "bali"], "Indonesia"
    ),
    (["rwanda", "rwandan"], "Rwanda"), (["burundi"], "Burundi"), (["uganda", "ugandan"], "Uganda"),
    (["tanzania", "tanzanian", "kilimanjaro"], "Tanzania"), (["congo", "kivu"], "DR Congo"),
    (["honduras", "honduran"], "Honduras"), (["costa rica", "costa rican", "tarrazu"], "Costa Rica"),
    (["el salvador", "salvadoran"], "El Salvador"), (["nicaragua", "nicaraguan"], "Nicaragua"),
    (["panama", "panamanian", "boquete"], "Panama"), (["peru", "peruvian"], "Peru"), (["bolivia", "bolivian"], "Bolivia"),
    (["mexico", "mexican", "chiapas", "oaxaca", "veracruz"], "Mexico"), (["ecuador", "ecuadorian"], "Ecuador"),
    (["papua", "png"], "Papua New Guinea"), (["india", "indian", "monsooned", "malabar"], "India"),
    (["yemen", "yemeni", "mocha"], "Yemen"), (["vietnam", "vietnamese"], "Vietnam"), (["china", "chinese", "yunnan"], "China"),
    (["jamaica", "jamaican", "blue mountain"], "Jamaica"), (["hawaii", "hawaiian", "kona"], "Hawaii"),
    (["central america"], "Guatemala"), (["africa", "african"], "Kenya"),
    // Places people ask about that grow little or no coffee: searched by name, so the answer can
    // say the corpus has none rather than offer beans from elsewhere.
    (["australia", "australian"], "Australia"), (["japan", "japanese"], "Japan"), (["italy", "italian"], "Italy"),
    (["thailand", "thai"], "Thailand"), (["laos"], "Laos"), (["myanmar", "burma"], "Myanmar"),
    (["philippines", "filipino"], "Philippines"), (["nepal"], "Nepal"), (["taiwan"], "Taiwan"), (["cuba", "cuban"], "Cuba"),
    (["dominican republic", "dominican"], "Dominican Republic"), (["haiti"], "Haiti"), (["puerto rico"], "Puerto Rico"),
    (["venezuela"], "Venezuela"), (["zambia"], "Zambia"), (["zimbabwe"], "Zimbabwe"), (["malawi"], "Malawi"),
    (["cameroon"], "Cameroon"), (["madagascar"], "Madagascar"), (["sri lanka"], "Sri Lanka"), (["timor"], "Timor"),
    (["usa", "america", "american", "california"], "USA"), (["france", "french"], "France"), (["spain", "spanish"], "Spain"),
  ]

  static let roasts: [(words: [String], roast: String)] = [
    (["light roast", "light roasted", "lighter", "light", "blonde", "chiara", "claro", "clair", "hell"], "light"),
    (["medium roast", "medium roasted", "medium", "mittel"], "medium"),
    (
      ["dark roast", "dark roasted", "darker", "dark", "espresso roast", "italian roast", "scura", "oscuro", "fonce", "dunkel"],
      "dark"
    ),
  ]

  static let processes: [(words: [String], process: String)] = [
    (["wet hulled", "giling basah"], "wetHulled"), (["semi washed"], "semiWashed"), (["washed", "lavado", "lavato"], "washed"),
    (["natural", "naturals", "dry process", "naturale"], "natural"), (["honey process", "honey processed"], "honey"),
    (["anaerobic", "fermented"], "anaerobic"),
  ]

  /// Flavour words and the note family they search for (see `FlavourFamily`).
  static let flavours: [(words: [String], note: String)] = [
    (["chocolate", "chocolatey", "chocolaty", "cocoa", "cacao", "cioccolato", "chocolat", "schokolade"], "chocolate"),
    (["caramel", "caramelly", "toffee", "butterscotch"], "caramel"),
    (["nut", "nuts", "nutty", "hazelnut", "almond", "walnut", "peanut", "nocciola"], "nut"),
    (["berry", "berries", "blueberry", "blueberries", "strawberry", "raspberry", "jammy"], "berry"),
    (["fruit", "fruity", "fruits", "fruttato", "afrutado", "fruite", "fruchtig"], "fruit"),
    (["cherry", "cherries"], "cherry"), (["peach", "apricot", "plum", "stone fruit"], "stone fruit"),
    (["citrus", "citrusy", "lemon", "lemony", "lime", "orange", "zesty", "bergamot", "grapefruit"], "citrus"),
    (["floral", "flowery", "flowers", "jasmine"], "floral"), (["vanilla"], "vanilla"),
    (["spice", "spicy", "spiced", "cinnamon", "cardamom"], "spice"), (["earthy", "earth", "woody"], "earthy"),
    (["wine", "winey", "winy", "boozy"], "wine"), (["tropical", "mango", "pineapple"], "tropical"),
    (["black tea"], "tea"), (["smoke", "smoky", "smokey"], "smoke"), (["tobacco"], "tobacco"),
  ]

  /// Brewing problems and the phrases that describe them, most urgent first (ties go to the
  /// earlier one, so a safety problem wins). Matched exactly: "water" must not read as "watery".
  static let problems: [(problem: String, phrases: [String])] = [
    (
      "noFlow",
      [
        "nothing comes out", "nothing coming out", "nothing came out", "no coffee comes", "doesnt come out", "wont come out",
        "not coming out", "hiss*", "steam comes", "steam coming", "steam out", "clog*", "blocked", "stuck", "wont brew",
        "nothing comes up", "nothing coming up", "nothing happens", "non esce", "no sale", "rien ne sort", "kommt nichts",
      ]
    ),
    (
      "sputtering",
      ["sputter*", "splutter*", "spit*", "spray*", "explod*", "splash*", "erupt*", "schizz*", "salpica*", "spritz*"]
    ),
    ("leaking", ["leak*", "gasket*", "seal", "seals", "o ring", "rubber ring", "drips down", "dripping down"]),
    ("induction", ["induction"]),
    ("metallic", ["metallic", "metal", "tinny", "aluminium taste", "aluminum taste"]),
    ("groundsInCup", ["grounds in", "gritty", "sludge", "sludgy", "sediment", "grit", "muddy", "grinds in"]),
    ("bitter", ["bitter*", "burnt", "burned", "burning", "harsh", "acrid", "ashy", "scorched", "amaro"]),
    ("sour", ["sour*", "acidic", "tangy", "underextract*", "vinegary"]),
    ("weak", ["weak*", "watery", "thin", "bland", "tasteless", "flavorless", "flavourless"]),
    ("firstUse", ["first use", "first time", "brand new", "new pot", "new moka", "season*", "never used", "before using"]),
    (
      "cleaning",
      [
        "clean*", "descal*", "wash*", "limescale", "mould*", "mold", "moldy", "soap", "dishwasher", "nettoy*", "detartr*",
        "pulire", "pulisco", "pulizia", "limpiar", "limpio", "reinig*", "entkalk*",
      ]
    ),
  ]

  /// Words that ask for decaffeinated coffee.
  static let decafPhrases = [
    "decaf*", "caffeine free", "no caffeine", "without caffeine", "low caffeine", "less caffeine", "sin cafeina",
    "entkoffein*", "deca", "decafeine*", "descafeinado*", "decaffeinato",
  ]

  /// Words about money: the data has no prices, so such a constraint is reported, never applied.
  static let pricePhrases = [
    "price*", "cost*", "cheap*", "expensive", "afford*", "budget", "euro*", "eur", "dollar*", "usd", "bucks", "quid",
    "pound*", "money", "prezzo", "precio", "prix", "preis",
  ]

  /// The first entry of `table` whose words occur in `utterance` (exactly, or fuzzily when asked).
  static func first(_ table: [(words: [String], value: String)], in utterance: Utterance) -> String? {
    table.first { entry in entry.words.contains { utterance.matches(Phrase($0, fuzzy: false)) } }?.value
  }

  static func origin(in utterance: Utterance) -> String? { first(origins.map { ($0.words, $0.origin) }, in: utterance) }
  static func roast(in utterance: Utterance) -> String? { first(roasts.map { ($0.words, $0.roast) }, in: utterance) }
  static func process(in utterance: Utterance) -> String? { first(processes.map { ($0.words, $0.process) }, in: utterance) }

  /// Every note family named, in the order of the table, at most three.
  static func flavours(in utterance: Utterance) -> [String] {
    let found = flavours.filter { entry in entry.words.contains { utterance.matches(Phrase($0, fuzzy: false)) } }
    return Array(found.map(\.note).prefix(3))
  }

  /// The brewing problem that best matches `utterance`: the most phrases matched, the more urgent on a tie.
  static func problem(in utterance: Utterance) -> String? {
    var best: (problem: String, score: Int)?
    for entry in problems {
      let score = entry.phrases.filter { utterance.matches(Phrase($0, fuzzy: false)) }.count
      if score > 0, score > (best?.score ?? 0) { best = (entry.problem, score) }
    }
    return best?.problem
  }

  /// Whether the question asks for decaf.
  static func wantsDecaf(_ utterance: Utterance) -> Bool {
    decafPhrases.contains { utterance.matches(Phrase($0, fuzzy: false)) }
  }

  /// Whether the question talks about prices or money.
  static func mentionsPrice(_ utterance: Utterance) -> Bool {
    pricePhrases.contains { utterance.matches(Phrase($0, fuzzy: false)) } || utterance.original.contains { "€$£".contains($0) }
  }

  /// A number of results asked for ("three options", "top 5"), never a price, a pot size or a weight.
  static func resultCount(in utterance: Utterance) -> Int? {
    let nouns: Set<String> = [
      "bean", "beans", "option", "options", "coffee", "coffees", "suggestion", "suggestions", "pick", "picks", "result",
      "results", "recommendation", "recommendations", "idea", "ideas", "choice", "choices", "place", "places", "shop", "shops",
      "cafe", "cafes", "roaster", "roasters",
    ]
    let words = utterance.words
    for (index, word) in words.enumerated() {
      guard let value = Utterance(word).firstNumber, (1...12).contains(value) else { continue }
      // The noun may follow a few describing words (three decaf bean ideas).
      if words.dropFirst(index + 1).prefix(4).contains(where: nouns.contains) { return value }
      if index > 0, words[index - 1] == "top" { return value }
    }
    return nil
  }

  /// Every flavour word present, as the quiz's `likes`.
  static func likes(in utterance: Utterance) -> [String] {
    var found: [String] = []
    for entry in flavours + [(["milk", "smooth", "bright"], "milk")] {
      for word in entry.words where utterance.matches(Phrase(word, fuzzy: false)) && !found.contains(word) { found.append(word) }
    }
    return found
  }
}
