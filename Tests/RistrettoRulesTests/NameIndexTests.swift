import Testing

@testable import RistrettoRules

/// Names found in an utterance through their index: in a row, or by most of their distinctive
/// words where generic words are given; in the order given, with where each begins.
@Suite("Name index")
struct NameIndexTests {
  @Test("a name is said when its words occur in a row; each start is given")
  func namesInARow() {
    let bags: NameIndex = ["Santos", "Huila", "Finca El Paraiso"]
    let found = bags.occurrences(in: Utterance("is the huila fresher than my santos, or the santos at finca el paraiso?"))
    #expect(found.map(\.name) == ["Santos", "Huila", "Finca El Paraiso"])
    #expect(found.first?.starts == [6, 9])
    #expect(bags.named(in: Utterance("what about paraiso")).isEmpty)
    #expect(bags.first(in: Utterance("no bags named here")) == nil)
    #expect(bags.anyNamed(in: Utterance("Santos?")) && !NameIndex([]).anyNamed(in: Utterance("santos")))
  }

  @Test("with generic words, most of a name's other words say it")
  func distinctiveWords() {
    let places = NameIndex(
      ["Drogheria Porta Palazzo", "Casa Moka", "Bicerin di Piazza Vittorio"],
      generic: ["drogheria", "casa", "moka", "caffe"])
    #expect(places.named(in: Utterance("is porta palazzo open?")) == ["Drogheria Porta Palazzo"])
    #expect(places.named(in: Utterance("where's casa moka")) == ["Casa Moka"])
    #expect(places.named(in: Utterance("a bicerin please")).isEmpty)
    #expect(places.named(in: Utterance("porta nuova station")).isEmpty)
  }

  @Test("100,000 names: a question that says one finds it among those sharing its words")
  func manyNames() {
    let names = NameIndex((0..<100_000).map { "Bag \($0)" } + ["Kochere"])
    #expect(names.named(in: Utterance("how much kochere is left?")) == ["Kochere"])
    #expect(names.named(in: Utterance("tell me about bag 4242")) == ["Bag 4242"])
  }

  @Test("a gazetteer of 50,000 values is built once per value and finds one of them")
  func bigGazetteer() {
    let gazetteer = Gazetteer(values: (0..<50_000).map { "Shop \($0)" } + ["Torrefazione Vanchiglia"])
    #expect(gazetteer.values.count == 50_001)
    #expect(gazetteer.bestMatch(in: Utterance("is torrefazione vanchiglia open"))?.value == "Torrefazione Vanchiglia")
  }
}

@Suite("NameIndex typos")
struct NameIndexTypoTests {
  let places = NameIndex(
    ["Caffè Quadrilatero", "Mandheling", "Caffè Lanterna"], generic: ["caffe"], forgivingTypos: true)

  @Test func aLongWordWithOneTypoNamesItsName() {
    #expect(places.named(in: Utterance("mandeling how much left")) == ["Mandheling"])
    #expect(places.named(in: Utterance("caffe quadrilatro hours sunday")) == ["Caffè Quadrilatero"])
    #expect(places.named(in: Utterance("the lantern cafe")) == ["Caffè Lanterna"])
    #expect(places.named(in: Utterance("mandhelinng")) == ["Mandheling"])
  }

  @Test("Only a word within one letter of the longest name word's length may be a typo, so a long one is cut no further")
  func aVeryLongWordIsNoTypo() {
    let index = NameIndex(["Mandheling", "Kochere"], forgivingTypos: true)
    #expect(index.mayBeTypo("mandhelingg") && index.mayBeTypo("kochre"))
    #expect(!index.mayBeTypo("mandhelinggg") && !index.mayBeTypo("kocr"))
    #expect(!index.mayBeTypo(String(repeating: "a", count: 20_000)))
    #expect(!NameIndex(["Mandheling"]).mayBeTypo("mandhelin"))
    #expect(index.named(in: Utterance("mandhelingg")) == ["Mandheling"])
    #expect(index.named(in: Utterance("mandhelinggg")).isEmpty)
    #expect(index.named(in: Utterance(String(repeating: "a", count: 20_000))).isEmpty)
  }

  @Test func shortWordsAndExactIndexesForgiveNothing() {
    #expect(places.named(in: Utterance("mandel")).isEmpty)
    #expect(NameIndex(["Mandheling"]).named(in: Utterance("mandeling")).isEmpty)
    // A word one typo from two names is neither.
    let two = NameIndex(["Kochera", "Kochero"], forgivingTypos: true)
    #expect(two.named(in: Utterance("kochere")).isEmpty)
  }

  @Test func aLongListIsNormalizedInOrderAsOneTextAtATime() {
    let texts = (0..<10_000).map { "Caffè Nº\($0) — Dell'Etiopia, \($0 % 7 == 0 ? "DON'T" : "torréfaction")" }
    #expect(Utterance.normalize(all: texts) == texts.map(Utterance.normalize))
    #expect(Utterance.normalize(all: Array(texts.prefix(3))) == texts.prefix(3).map(Utterance.normalize))
    #expect(Utterance.normalize(all: []).isEmpty)
  }
}
