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
  ]

  static let roasts: [(words: [String], roast: String)] = [
    (["light roast", "light roasted", "lighter", "light", "blonde", "chiara", "claro", "clair", "hell"], "light"),
    (["medium roast", "medium", "media", "medio", "mittel"], "medium"),
    (
      ["dark roast", "dark roasted", "darker", "dark", "espresso roast", "italian roast", "scura", "oscuro", "fonce", "dunkel"],
      "dark"
    ),
  ]

  static let processes: [(words: [String], process: String)] = [
    (["wet hulled", "giling basah"], "wetHulled"), (["semi washed"], "semiWashed"), (["washed", "lavado", "lavato"], "washed"),
    (["natural", "dry process", "naturale"], "natural"), (["honey"], "honey"), (["anaerobic", "fermented"], "anaerobic"),
  ]

  /// Flavour words and the corpus note they search for.
  static let flavours: [(words: [String], note: String)] = [
    (["chocolate", "chocolatey", "chocolaty", "cocoa", "cioccolato", "chocolat", "schokolade"], "chocolate"),
    (["caramel", "caramelly", "toffee"], "caramel"), (["nut", "nuts", "nutty", "hazelnut", "almond", "walnut"], "nut"),
    (["blueberry", "blueberries"], "blueberry"), (["strawberry"], "strawberry"),
    (["berry", "berries", "fruity", "fruit"], "berr"),
    (["cherry"], "cherry"), (["citrus", "lemon", "lime", "orange", "zesty"], "citrus"),
    (["floral", "flowery", "jasmine"], "floral"),
    (["honey"], "honey"), (["vanilla"], "vanilla"), (["spice", "spicy", "cinnamon"], "spice"), (["earthy", "earth"], "earthy"),
    (["wine", "winey", "winy"], "wine"), (["tropical", "mango", "pineapple"], "tropical"), (["sugar", "sweet"], "sugar"),
    (["tea"], "tea"), (["smoke", "smoky"], "smoke"), (["tobacco"], "tobacco"),
  ]

  static let problems: [(words: [String], problem: String)] = [
    (["sputter", "sputters", "sputtering", "spitting", "spits", "splutter", "explod", "sprays"], "sputtering"),
    (["bitter", "burnt", "burned", "harsh", "acrid", "metallic"], "bitter"), (["sour", "acidic", "tangy", "sharp"], "sour"),
    (["weak", "watery", "thin"], "weak"), (["leak", "leaks", "leaking", "dripping", "gasket"], "leaking"),
  ]

  /// The first entry of `table` whose words occur in `utterance`.
  static func first(_ table: [(words: [String], value: String)], in utterance: Utterance) -> String? {
    table.first { entry in entry.words.contains { utterance.matches(Phrase($0)) } }?.value
  }

  static func origin(in utterance: Utterance) -> String? { first(origins.map { ($0.words, $0.origin) }, in: utterance) }
  static func roast(in utterance: Utterance) -> String? { first(roasts.map { ($0.words, $0.roast) }, in: utterance) }
  static func process(in utterance: Utterance) -> String? { first(processes.map { ($0.words, $0.process) }, in: utterance) }
  static func flavour(in utterance: Utterance) -> String? { first(flavours.map { ($0.words, $0.note) }, in: utterance) }
  static func problem(in utterance: Utterance) -> String? { first(problems.map { ($0.words, $0.problem) }, in: utterance) }

  /// Every flavour word present, as the quiz's `likes`.
  static func likes(in utterance: Utterance) -> [String] {
    var found: [String] = []
    for entry in flavours + [(["milk", "smooth", "bright", "floral"], "milk")] {
      for word in entry.words where utterance.matches(Phrase(word)) && !found.contains(word) { found.append(word) }
    }
    return found
  }
}
