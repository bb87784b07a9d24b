import RistrettoRules

/// The phrases the rule-based router weighs for each specialty.
enum MokaRouting {
  /// The classifier, with phrases derived from the user's bags and the bean corpus.
  static func classifier(bagNames: [String], corpus: [Bean]) -> Classifier {
    var cupboard = cupboardPhrases
    for name in bagNames.map({ $0.lowercased() }) {
      let isCorpusWord = corpus.contains { $0.name.lowercased().contains(name) || $0.region.lowercased().contains(name) }
      cupboard += [
        Phrase("my \(name)", weight: 4), Phrase("the \(name)", weight: 2.5), Phrase("\(name) bag", weight: 3),
        Phrase(name, weight: isCorpusWord ? 1 : 2.5),
      ]
      for possessive in ["mio", "mi", "mon", "ma", "mein", "meine", "meinen"] {
        cupboard.append(Phrase("\(possessive) \(name)", weight: 4, fuzzy: false))
      }
      // A bag named together with its state or amount is the user's bag.
      for pattern in [
        "\(name) tastes", "\(name) left", "\(name) getting", "\(name) going", "\(name) still", "except \(name)", "del \(name)",
        "du \(name)", "il \(name)", "el \(name)", "of \(name)", "\(name) is",
      ] {
        cupboard.append(Phrase(pattern, weight: 2.5, fuzzy: false))
      }
    }
    var beans = beansPhrases
    let owned = Set(bagNames.map { $0.lowercased() })
    var seen = Set<String>()
    for bean in corpus {
      for variety in bean.variety.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() })
      where seen.insert(variety).inserted {
        beans.append(Phrase(variety, weight: 2, group: "variety"))
      }
      let region = bean.region.lowercased()
      if !region.contains(","), !owned.contains(region), seen.insert(region).inserted {
        beans.append(Phrase(region, weight: 1.5, group: "origin"))
        beans.append(Phrase("\(region) coffee", weight: 2.5, group: "origin"))
      }
    }
    return Classifier(
      phrases: ["beans": beans, "cupboard": cupboard, "shopping": shoppingPhrases, "general": generalPhrases],
      minimumScore: 1.5, margin: 1, unsureAnswer: "unsure", mixedMinimum: 2.5, mixedShare: 0.35, mixedIgnores: ["general"])
  }

  static let cupboardPhrases: [Phrase] = join(
    .weighted(
      3,
      [
        "my cupboard", "in my cupboard", "my pantry", "my bag", "my bags", "my beans", "my coffee beans", "my stash", "my tin",
        "my jar", "the bag i", "bag i opened", "bag i bought", "i bought", "i opened", "do i have", "have i got",
        "what do i have", "i have left", "ive got", "i own", "my opened", "opened bag", "unopened", "my roast", "my grounds",
        "already own", "already have", "did i open", "when did i", "finished the", "finished my", "used up", "remove it",
        "add it to", "mark the", "supposed to", "should taste", "meant to taste", "stock check", "do i still",
        "i still have", "i got from", "past peak", "past its peak", "half used", "how many grams", "enough beans",
        "enough coffee",
        "oldest bag", "newest bag", "empty bag", "on the shelf", "delete the", "promised", "roast date", "roasted on",
        "inventory", "finish first", "use first", "goes stale", "going stale", "showing up", "ran out of", "currently have",
        "been open", "i have in", "ho ancora", "tengo", "habe ich noch",
        "using up", "use up", "closest to empty", "log that", "i just used", "i used", "opened it", "dial in the",
      ]),
    .weighted(
      2, ["pouch", "pouches", "sack", "packet", "package", "canister", "stash", "tin", "jar", "bag", "bags"], group: "container"),
    .weighted(2, ["i have", "i got", "ive got", "i bought", "we have", "oldest", "newest", "enough"]),
    .weighted(
      3,
      [
        "mio sacchetto", "il mio caffe", "i miei chicchi", "mi bolsa", "mis granos", "mi paquete", "mi cafe", "mon sachet",
        "mes grains", "mon cafe", "meine tute", "meine bohnen", "meinen kaffee", "meiner packung",
      ], fuzzy: false),
    .weighted(
      2,
      [
        "how much is left", "how much left", "whats left", "left in", "running low", "running out", "run out", "almost out",
        "nearly empty", "still fresh", "still good", "gone stale", "go stale", "too old", "roast date", "roasted on",
        "expire*", "reference profile", "compare my", "my coffee", "dial in my", "dialing in my", "the tin", "the jar",
        "in the pantry", "at home",
      ]),
    .weighted(
      2, ["resta", "me queda", "il me reste", "ubrig", "frisch", "frais", "fresco", "encore", "ancora buono", "todavia"],
      fuzzy: false),
    .weighted(1.5, ["stale", "flat", "papery", "opened", "fresh", "freshness"]),
    .weighted(1, ["left", "remaining", "cupboard", "pantry", "own"]))

  static let beansPhrases: [Phrase] = join(
    .weighted(
      2.5,
      [
        "taste quiz", "quiz", "tasting notes", "taste profile", "single origin", "which beans", "what beans", "which bean",
        "what bean", "recommend", "suggest", "what should i try", "should i try", "try next", "beans from", "coffee from",
        "natural process", "honey process", "washed", "anaerobic", "wet hulled", "semi washed", "fermentation", "varietal",
        "variety", "varieties", "gesha", "geisha", "bourbon", "typica", "caturra", "pacamara", "peaberry", "sl28", "robusta",
        "arabica", "heirloom", "light roast", "medium roast", "dark roast", "darker roast", "lighter roast", "roast level",
        "reference corpus", "the corpus", "corpus", "your list", "in your database", "body score", "acidity score",
        "decaf", "catalogue", "catalog", "stone fruit", "black tea", "rostgrad", "tostado",
        "coffee grown", "grown in", "terroir", "altitude", "region", "regions", "producer", "farm",
        "got anything", "something juicy", "low acid", "low acidity", "single estate",
      ]),
    .weighted(
      1.5, ["juicy", "bright", "mellow", "funky", "clean cup", "complex", "balanced", "body", "score", "lively", "delicate"],
      group: "descriptor"),
    .weighted(
      2.5,
      [
        "chicchi", "tostatura", "granos", "tueste", "torrefaction", "rostung", "sorte", "consiglia*", "recomienda*", "conseill*",
        "empfehl*", "bohnen", "schmeck*", "sabe a", "sa di", "gout de", "grains de cafe",
      ], fuzzy: false),
    .weighted(
      1.5,
      [
        "origin", "origins", "process", "processed", "processing", "acidity", "sweetness", "fruity", "floral", "chocolatey",
        "nutty", "notes", "flavor", "flavour", "flavors", "flavours", "tastes like", "taste like", "bean", "beans", "roasts",
        "lowest", "highest", "best bean", "for a beginner", "begginer",
      ]),
    MokaVocabulary.origins.flatMap { entry in entry.words.map { Phrase($0, weight: 1.5, group: "origin") } },
    MokaVocabulary.origins.flatMap { entry in
      entry.words.flatMap {
        [Phrase("\($0) coffee", weight: 2.5, group: "origin"), Phrase("\($0) coffees", weight: 2.5, group: "origin")]
      }
    },
    MokaVocabulary.flavours.flatMap { entry in entry.words.map { Phrase($0, weight: 1, group: "flavour") } })

  static let shoppingPhrases: [Phrase] = join(
    .weighted(3, ["where can i buy", "where can i get", "where can i find"]),
    .weighted(
      3,
      [
        "where to buy", "where do i buy", "where do i get", "buy",
        "purchase", "for sale", "web search", "deal*",
        "order online", "near me", "nearby", "around here", "close by", "closest", "nearest", "in town", "open now",
        "opening hours", "open today", "search the web", "search online", "look up", "google", "online", "price", "prices",
        "how much does", "how much is a", "how much are", "cheap", "cheapest", "deal", "discount", "reviews", "review",
        "can i by", "to by",
      ]),
    .weighted(
      3,
      [
        "comprare", "dove posso", "vicino", "negozio", "prezzo", "comprar", "donde puedo", "cerca de", "tienda", "precio",
        "acheter", "ou puis je", "pres de", "magasin", "prix", "kaufen", "wo kann ich", "in der nahe", "laden", "preis",
        "cafeteria", "torrefacteur", "pres d ici", "cerca", "dove", "donde", "negozi", "geschaft", "wo bekomme", "handmuhle",
        "muhle", "torrefacao", "perto", "onde", "loja",
      ], fuzzy: false),
    .weighted(
      2,
      [
        "where can i", "where", "shop", "shops", "store", "stores", "cafes", "coffee shop", "coffee shops", "roaster", "roastery",
        "roasters", "bialetti", "brand", "new moka", "new pot", "replacement", "spare", "induction adapter", "grinder",
        "grinders", "gift", "cost", "costs", "sell", "sells", "stock", "web", "internet", "bar", "espresso bar",
      ]),
    .weighted(
      1.5,
      [
        "find", "scale", "scales", "frother", "kettle", "electric moka", "filter plate", "sale", "go for", "per kilo", "kilo",
        "grab a", "place to", "somewhere", "close to", "cappuccino", "near", "delivery", "local", "ship", "shipping", "order",
      ]),
    .weighted(
      2,
      [
        "money", "quid", "euro", "euros", "dollars", "bucks", "worth it", "worth the", "budget", "under", "link", "links",
        "brikka", "moka express", "venus", "alessi", "induction compatible", "stainless steel", "aluminium", "aluminum",
        "heat diffuser", "diffuser", "worth getting", "pick up a", "spare parts", "locally", "timemore", "1zpresso",
        "comandante", "hario", "baratza", "any good",
        "which should i get", "should i get",
      ]),
    .weighted(1, ["cafe"]))

  static let greetingPhrases: [Phrase] = Array<Phrase>.weighted(
    1.5,
    [
      "hi", "hello", "hey", "thanks", "thank you", "good morning", "ciao", "hola", "bonjour", "hallo", "grazie", "gracias",
      "merci", "danke", "who are you", "what can you do", "help",
    ], fuzzy: false)

  static let generalPhrases: [Phrase] = greetingPhrases + techniquePhrases

  static let techniquePhrases: [Phrase] = join(
    .weighted(
      2,
      [
        "sputter*", "spitting", "grind size", "how fine", "how coarse", "tamp*", "water level", "safety valve", "valve",
        "stove", "flame", "burner", "clean*", "descal*", "wash", "season*", "crema", "ratio", "how much coffee",
        "how long", "brew", "brewing", "extraction", "bitter", "burnt", "metallic", "preheat", "cold water", "hot water",
        "gurgl*", "explod*", "first use", "technique", "make coffee", "make a", "steps", "heat", "induction", "gasket",
        "leak*", "moka pot work", "temperature",
      ]),
    .weighted(1, ["grind", "water", "sour", "weak", "watery", "strong", "stronger", "tips", "milk", "froth*"]))

  private static func join(_ lists: [Phrase]...) -> [Phrase] { lists.flatMap { $0 } }
}
