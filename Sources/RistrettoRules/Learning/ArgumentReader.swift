import Foundation
import Ristretto

/// Reads a tool's arguments from a question, property by property, from the tool's schema and
/// labelled examples — no code written for the tool.
///
/// What each property gets follows from its schema node:
/// - an enum: its cases (and the app's names for them) found by a ``Gazetteer``; failing that, a
///   ``LinearClassifier`` trained on the examples that label the property, when it is sure;
/// - a Boolean: true when its name or the app's names for it appear ("open now", "decaf"); failing
///   that, the examples' classifier;
/// - an integer or number: a number of the question marked by a unit the property learned from
///   the examples or its name ("cups", "grams"), within the schema's range or values; an unmarked
///   number only where no unit marks it for something else;
/// - a string: the app's vocabulary for it, else the values the examples gave it; days of the week
///   when its values are weekdays; "HH:MM" when its values are clock times; the whole question when
///   the examples copy the question (a search query);
/// - an array of strings or enums: every value found, up to its maximum count.
///
/// Properties the question does not fill are left out: the schema's steering supplies required
/// ones, and a follow-up may fill them from earlier turns.
public struct ArgumentReader: Sendable {
  /// The tool whose arguments this reads.
  public let tool: String
  let slots: [Slot]

  struct Slot: Sendable {
    var name: String
    var filler: Filler
    var gazetteer: Gazetteer?
  }

  enum Filler: Sendable {
    case choice(Gazetteer, LinearClassifier?)
    case flag(Gazetteer, LinearClassifier?)
    case number(cues: Set<String>, allowed: [Double]?, range: ClosedRange<Double>?, integer: Bool, bare: Bool)
    case names(Gazetteer, maximumCount: Int?)
    case text(Gazetteer)
    case question
    case weekday(cases: [String]?)
    case time
  }

  /// A reader for `tool`, learning from the `examples` that call it; `vocabularies` names the
  /// values of properties (keyed by property name, or `tool.property` for one tool alone).
  public init(
    tool: ToolDefinition, examples: [LabelledExample], vocabularies: [String: Gazetteer] = [:],
    features: NGramFeatures = NGramFeatures()
  ) {
    self.init(
      tool: tool, examples: examples, vocabularies: vocabularies, features: features,
      train: { LinearClassifier(examples: $0, features: features, minimumProbability: $1) })
  }

  init(
    tool: ToolDefinition, examples: [LabelledExample], vocabularies: [String: Gazetteer], features: NGramFeatures,
    train: (_ examples: [LinearClassifier.Example], _ minimumProbability: Double) -> LinearClassifier
  ) {
    self.tool = tool.name
    let own = examples.filter { $0.tool == tool.name }
    guard case .object(_, _, let properties) = Self.resolve(tool.parameters.root, in: tool.parameters) else {
      slots = []
      return
    }
    let numeric = properties.filter { Self.isNumeric(Self.resolve($0.node, in: tool.parameters)) }
    var cuesByProperty: [String: Set<String>] = [:]
    for property in numeric { cuesByProperty[property.name] = Self.cues(property, examples: own) }
    var slots: [Slot] = []
    for property in properties {
      let node = Self.resolve(property.node, in: tool.parameters)
      let vocabulary = vocabularies["\(tool.name).\(property.name)"] ?? vocabularies[property.name]
      let labelled = own.filter { $0.argument(property.name) != nil }
      guard
        let filler = Self.filler(
          for: property, node: node, vocabulary: vocabulary, examples: own, labelled: labelled,
          cues: cuesByProperty, train: train, schema: tool.parameters)
      else { continue }
      slots.append(Slot(name: property.name, filler: filler, gazetteer: vocabulary))
    }
    self.slots = slots
  }

  /// The arguments `question` states, by property name.
  public func read(_ question: Utterance, today: Int? = nil) -> [String: GeneratedContent] {
    read(question, today: today, statedOnly: false)
  }

  /// Whether `question` states any argument outright: a name, a number its unit marks, a day or
  /// a time (a classifier's guess does not count).
  public func findsArgument(in question: Utterance) -> Bool {
    !read(question, today: 0, statedOnly: true).isEmpty
  }

  private func read(_ question: Utterance, today: Int?, statedOnly: Bool) -> [String: GeneratedContent] {
    var result: [String: GeneratedContent] = [:]
    let numbers = ValueReaders.numbers(in: question)
    for slot in slots {
      var filler = slot.filler
      if statedOnly {
        switch filler {
        case .question: continue
        case .choice(let names, _): filler = .choice(names, nil)
        case .flag(let names, _): filler = .flag(names, nil)
        default: break
        }
      }
      if let value = Self.value(of: filler, in: question, numbers: numbers, today: today) {
        result[slot.name] = value
      }
    }
    return result
  }

  /// The value of a string property that `text` names exactly (an earlier output's field), if
  /// the property has names.
  func value(of property: String, naming text: String) -> String? {
    guard let slot = slots.first(where: { $0.name == property }) else { return nil }
    switch slot.filler {
    case .choice(let names, _), .text(let names), .names(let names, _): return names.value(named: text)
    default: return slot.gazetteer?.value(named: text)
    }
  }

  /// Whether `property` takes a string (so a follow-up may fill it from an earlier output).
  func takesText(_ property: String) -> Bool {
    guard let slot = slots.first(where: { $0.name == property }) else { return false }
    if case .text = slot.filler { return true }
    return false
  }

  private static func value(
    of filler: Filler, in question: Utterance, numbers: [ValueReaders.Number], today: Int?
  ) -> GeneratedContent? {
    switch filler {
    case .choice(let names, let classifier):
      if let match = names.bestMatch(in: question) { return GeneratedContent(kind: .string(match.value)) }
      return learned(classifier, question).map { GeneratedContent(kind: .string($0)) }
    case .flag(let names, let classifier):
      if names.bestMatch(in: question) != nil { return GeneratedContent(kind: .bool(true)) }
      return learned(classifier, question).map { GeneratedContent(kind: .bool($0 == "true")) }
    case .number(let cues, let allowed, let range, let integer, let bare):
      func fits(_ value: Double) -> Bool {
        (allowed?.contains(value) ?? true) && (range?.contains(value) ?? true) && (!integer || value == value.rounded())
      }
      let marked = numbers.first { fits($0.value) && (cues.contains($0.next) || cues.contains($0.previous)) }
      let unmarked =
        bare
        ? numbers.first { number in
          fits(number.value) && !ValueReaders.unitWords.contains(number.next)
            && !ValueReaders.unitWords.contains(number.previous)
        } : nil
      return (marked ?? unmarked).map { GeneratedContent(kind: .number($0.value)) }
    case .names(let names, let maximumCount):
      let found = names.matches(in: question).prefix(maximumCount ?? .max)
      return found.isEmpty ? nil : GeneratedContent(kind: .array(found.map { GeneratedContent(kind: .string($0.value)) }))
    case .text(let names):
      return names.bestMatch(in: question).map { GeneratedContent(kind: .string($0.value)) }
    case .question:
      return GeneratedContent(kind: .string(question.original))
    case .weekday(let cases):
      guard var day = ValueReaders.weekdays.bestMatch(in: question)?.value else { return nil }
      let days = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
      if let today, day == "today" || day == "tomorrow", cases?.contains(where: { $0.lowercased() == day }) != true {
        day = days[(today + (day == "tomorrow" ? 1 : 0)) % 7]
      }
      guard let cases else { return GeneratedContent(kind: .string(day)) }
      return cases.first { $0.lowercased() == day }.map { GeneratedContent(kind: .string($0)) }
    case .time:
      return ValueReaders.times(in: question.original).first.map { GeneratedContent(kind: .string($0)) }
    }
  }

  /// The classifier's answer when it is sure and names a value.
  private static func learned(_ classifier: LinearClassifier?, _ question: Utterance) -> String? {
    guard let classifier else { return nil }
    let answer = classifier.classify(question, cases: classifier.labels + [absent]).answer
    return answer == absent || answer == classifier.unsureAnswer ? nil : answer
  }

  private static let absent = "#absent"
  private static let weekdayNames: Set<String> = [
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
  ]

  private static func filler(
    for property: GenerationSchema.Property, node: GenerationSchema.Node, vocabulary: Gazetteer?,
    examples: [LabelledExample], labelled: [LabelledExample], cues: [String: Set<String>],
    train: (_ examples: [LinearClassifier.Example], _ minimumProbability: Double) -> LinearClassifier,
    schema: GenerationSchema
  ) -> Filler? {
    let strings = labelled.compactMap { example -> String? in
      if case .string(let value)? = example.argument(property.name)?.kind { return value }
      return nil
    }
    switch node {
    case .stringEnum(let cases):
      if cases.filter({ weekdayNames.contains($0.lowercased()) }).count >= 5 { return .weekday(cases: cases) }
      let names = vocabulary.map { Gazetteer(values: cases).merging($0) } ?? Gazetteer(values: cases)
      return .choice(names, classifier(property.name, examples: examples, train: train))
    case .boolean:
      let names = Gazetteer(values: ["true"]).merging(Gazetteer(pairs: [("true", [Gazetteer.spaced(property.name)])]))
      return .flag(
        vocabulary.map { names.merging($0) } ?? names, classifier(property.name, examples: examples, train: train))
    case .integer, .number, .anyOf:
      guard isNumeric(node) else { return nil }
      let (allowed, range, integer) = numericDomain(node)
      // An unmarked number fills the tool's only numeric property, never one of several.
      return .number(
        cues: cues[property.name] ?? [], allowed: allowed, range: range, integer: integer, bare: cues.count == 1)
    case .string:
      if !strings.isEmpty, strings.allSatisfy({ weekdayNames.contains($0.lowercased()) }) { return .weekday(cases: nil) }
      if !strings.isEmpty, strings.allSatisfy(isClockTime) { return .time }
      if property.name.lowercased().hasSuffix("time"), strings.isEmpty { return .time }
      let copies = zip(labelled, strings).filter { example, value in
        Utterance.normalize(value).count * 2 >= max(Utterance(example.question).words.count, 1)
      }
      if !strings.isEmpty, copies.count * 2 > strings.count, vocabulary == nil { return .question }
      let seen = Gazetteer(values: strings, partialNames: true)
      return .text(vocabulary.map { $0.merging(seen) } ?? seen)
    case .array(let element, _, let maximumCount):
      let elementNode = resolve(element, in: schema)
      var values: [String] = []
      for example in labelled {
        if case .array(let items)? = example.argument(property.name)?.kind {
          for case .string(let value) in items.map(\.kind) { values.append(value) }
        }
      }
      var names = Gazetteer(values: values, partialNames: true)
      if case .stringEnum(let cases) = elementNode { names = Gazetteer(values: cases).merging(names) }
      guard case .string = elementNode else {
        guard case .stringEnum = elementNode else { return nil }
        return .names(vocabulary.map { names.merging($0) } ?? names, maximumCount: maximumCount)
      }
      return .names(vocabulary.map { $0.merging(names) } ?? names, maximumCount: maximumCount)
    default:
      return nil
    }
  }

  /// A classifier of the value `property` takes in `examples` (absent where unlabelled), if they
  /// show at least two outcomes.
  private static func classifier(
    _ property: String, examples: [LabelledExample],
    train: (_ examples: [LinearClassifier.Example], _ minimumProbability: Double) -> LinearClassifier
  ) -> LinearClassifier? {
    let labelled = examples.map { example -> LinearClassifier.Example in
      switch example.argument(property)?.kind {
      case .string(let value)?: .init(example.question, label: value)
      case .bool(let value)?: .init(example.question, label: value ? "true" : "false")
      default: .init(example.question, label: absent)
      }
    }
    let outcomes = Set(labelled.map(\.label))
    guard outcomes.count >= 2, labelled.count - labelled.filter({ $0.label == absent }).count >= 2 else { return nil }
    return train(labelled, 0.6)
  }

  /// The words that mark a number for `property`: its name's words, its description's, and the
  /// words next to its value in the examples.
  private static func cues(_ property: GenerationSchema.Property, examples: [LabelledExample]) -> Set<String> {
    var cues = Set<String>()
    for word in Utterance.normalize(Gazetteer.spaced(property.name) + " " + (property.description ?? "")) {
      cues.insert(word)
      if word.hasSuffix("s"), word.count > 3 { cues.insert(String(word.dropLast())) } else { cues.insert(word + "s") }
    }
    for example in examples {
      guard case .number(let value)? = example.argument(property.name)?.kind else { continue }
      for number in ValueReaders.numbers(in: Utterance(example.question)) where number.value == value {
        if ValueReaders.unitWords.contains(number.next) { cues.insert(number.next) }
        if ValueReaders.unitWords.contains(number.previous) { cues.insert(number.previous) }
      }
    }
    return cues.subtracting(["of", "the", "a", "and", "in", "for", "to", "size", "number", ""])
  }

  static func resolve(_ node: GenerationSchema.Node, in schema: GenerationSchema) -> GenerationSchema.Node {
    switch node {
    case .reference(let name): return schema.definition(named: name).map { resolve($0, in: schema) } ?? node
    case .anyOf(let nodes):
      let present = nodes.filter { $0 != .null }
      return present.count == 1 ? resolve(present[0], in: schema) : node
    default: return node
    }
  }

  private static func isNumeric(_ node: GenerationSchema.Node) -> Bool {
    switch node {
    case .integer, .number: true
    case .anyOf(let nodes): !nodes.isEmpty && nodes.allSatisfy(isNumeric)
    default: false
    }
  }

  private static func numericDomain(_ node: GenerationSchema.Node) -> ([Double]?, ClosedRange<Double>?, Bool) {
    switch node {
    case .integer(let minimum, let maximum):
      let lower = minimum ?? Int.min
      let upper = maximum ?? Int.max
      guard lower <= upper else { return ([], nil, true) }
      return (nil, Double(lower)...Double(upper), true)
    case .number(let minimum, let maximum):
      let lower = minimum ?? -.greatestFiniteMagnitude
      let upper = maximum ?? .greatestFiniteMagnitude
      // A bound that is not a number, or bounds in the wrong order, admit no value.
      guard !lower.isNaN, !upper.isNaN, lower <= upper else { return ([], nil, false) }
      return (nil, lower...upper, false)
    case .anyOf(let nodes):
      var values: [Double] = []
      for case .integer(let minimum?, let maximum?) in nodes where minimum == maximum { values.append(Double(minimum)) }
      return (values.count == nodes.count ? values : nil, nil, true)
    default:
      return (nil, nil, false)
    }
  }

  private static func isClockTime(_ text: String) -> Bool {
    let parts = text.split(separator: ":")
    return parts.count == 2 && parts.allSatisfy { $0.count <= 2 && Int($0) != nil }
  }
}
