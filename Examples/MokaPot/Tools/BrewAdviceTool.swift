import Ristretto

/// Dose, grind, water, heat and troubleshooting for a moka pot of a given size.
public struct BrewAdviceTool: Tool {
  public let name = "brewAdvice"
  public let description = "Moka pot recipe and fixes for a pot size and problem."

  /// The pot sizes moka pots are sold in.
  public static let potSizes = [1, 2, 3, 6, 9, 12]

  public struct Arguments: Generable {
    public enum Problem: String, CaseIterable, Generable {
      case sputtering, bitter, sour, weak, metallic, leaking, noFlow, groundsInCup, induction, firstUse, cleaning, none
    }
    public var cups: Int
    public var problem: Problem

    public static var generationSchema: GenerationSchema {
      GenerationSchema(
        root: .object(
          name: "BrewArguments",
          properties: [
            .init(name: "cups", description: "pot size", node: .anyOf(potSizes.map { .integer(minimum: $0, maximum: $0) })),
            .init(name: "problem", node: Problem.generationSchema.root),
          ]))
    }

    public init(cups: Int, problem: Problem) { (self.cups, self.problem) = (cups, problem) }

    public init(_ content: GeneratedContent) throws {
      cups = try content.value(forProperty: "cups")
      problem = try content.value(forProperty: "problem")
    }

    public var generatedContent: GeneratedContent { GeneratedContent(properties: ["cups": cups, "problem": problem]) }
  }

  public struct Output: GenerableObject {
    public enum Status: String, CaseIterable, Generable { case ok }
    public var status: Status
    public var cups, doseGrams, waterMilliliters: Int
    public var grind, heat: String
    public var fix: String?

    public static let properties = GenerableProperties<Output> {
      GenerableProperty("status", \.status)
      GenerableProperty("cups", \.cups)
      GenerableProperty("doseGrams", \.doseGrams)
      GenerableProperty("waterMilliliters", \.waterMilliliters)
      GenerableProperty("grind", \.grind)
      GenerableProperty("heat", \.heat)
      GenerableProperty("fix", \.fix)
    }

    init(cups: Int, fix: String?) {
      status = .ok
      self.cups = cups
      doseGrams = Self.dose(cups: cups)
      waterMilliliters = Self.water(cups: cups)
      grind = "fine-medium, a little coarser than espresso; level the basket without tamping"
      heat = "medium-low with the lid open; pull it off when the flow turns pale and starts to gurgle"
      self.fix = fix
    }

    /// Grams of coffee for a pot of `cups` (16 g, the 3-cup dose, for an unknown size).
    public static func dose(cups: Int) -> Int { [1: 7, 2: 10, 3: 16, 6: 30, 9: 42, 12: 55][cups] ?? 16 }

    /// Millilitres of water for a pot of `cups` (150 ml, the 3-cup fill, for an unknown size).
    public static func water(cups: Int) -> Int { [1: 55, 2: 100, 3: 150, 6: 300, 9: 450, 12: 600][cups] ?? 150 }

    public init(_ content: GeneratedContent) throws {
      status = try content.value(forProperty: "status")
      cups = try content.value(forProperty: "cups")
      doseGrams = try content.value(forProperty: "doseGrams")
      waterMilliliters = try content.value(forProperty: "waterMilliliters")
      grind = try content.value(forProperty: "grind")
      heat = try content.value(forProperty: "heat")
      fix = try content.value(forProperty: "fix")
    }
  }

  static let fixes: [Arguments.Problem: String] = [
    .noFlow:
      "Safety first: if nothing comes out and it hisses or steam escapes from the safety valve, take the pot off the heat now and let it cool before opening it. The usual causes are coffee ground too fine, a tamped basket or a blocked filter plate: use a coarser grind, level the basket without pressing, clean the filter plate and check the valve is free.",
    .sputtering:
      "Sputtering means the heat is too high or the water boiled hard: use medium-low heat, fill water just below the valve, and take the pot off as soon as it gurgles.",
    .bitter:
      "Bitter or burnt coffee comes from over-extraction and too much heat: grind a touch coarser, start with hot water in the base, keep the flame low and stop the brew as soon as it turns pale.",
    .sour:
      "Sourness means under-extraction: grind a little finer, fill the basket fully and level it, and let the brew finish on steady heat.",
    .weak:
      "Weak or watery coffee: fill the basket to the brim without tamping, grind slightly finer, and make sure the water reaches just under the valve.",
    .metallic:
      "A metallic taste usually comes from a new or scrubbed aluminium pot: brew two or three pots and throw them away to season it, never put it in the dishwasher, and rinse it with water only.",
    .leaking:
      "Water or coffee leaking between the top and bottom means the seal is not closing: wipe grounds off the rim and the gasket, screw the halves tight, and replace the rubber gasket if it is hard, flattened or cracked.",
    .groundsInCup:
      "Grounds in the cup mean the grind is too fine or the filter plate or gasket is worn: grind a little coarser, wipe the basket rim, and replace a damaged filter plate or gasket.",
    .induction:
      "On induction you need a pot with a magnetic steel base (stainless steel or an induction model); a classic aluminium moka pot will not heat unless you use an induction adapter plate. Keep the power medium-low.",
    .firstUse:
      "Before first use: wash the pot with warm water (no soap), then brew two or three pots with cheap coffee and throw them away to season it.",
    .cleaning:
      "Cleaning: rinse every part with warm water after each brew and let it dry apart; no soap or dishwasher for aluminium. Descale now and then with a vinegar or citric acid solution run through a brew, then a plain-water brew.",
  ]

  public func call(arguments: Arguments) async throws -> Output {
    Output(cups: arguments.cups, fix: Self.fixes[arguments.problem])
  }
}
