import Ristretto

/// A small, fast, seeded random number generator (SplitMix64), so samples are reproducible.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator from a seed.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random valid instances of a schema, for property tests and benchmarks.
///
/// ```swift
/// var random = SeededGenerator(seed: 7)
/// let value = try SchemaSampler(schema: BeanQuery.generationSchema).sample(using: &random)
/// try validate(value, against: BeanQuery.generationSchema) // always passes
/// ```
public struct SchemaSampler: Sendable {
  /// The schema sampled.
  public let schema: GenerationSchema
  private let grammar: GuidanceGrammar

  /// Creates a sampler.
  public init(schema: GenerationSchema) throws {
    self.schema = schema
    grammar = try GuidanceGrammar.cached(schema: schema)
  }

  static let words = [
    "moka", "café", "crema", "naïve", "☕️", "日本", "tab\there", "quote\"d", "back\\slash", "line\nbreak", "", "Ethiopia",
    "dark", "blueberry jam", "Ünïcödé", "🇮🇹 espresso", "x", "123", "end",
  ]

  /// One random value that satisfies the schema.
  public func sample(using random: inout some RandomNumberGenerator) -> GeneratedContent {
    sample(schema.root, depth: 0, using: &random)
  }

  private func sample(_ node: GenerationSchema.Node, depth: Int, using random: inout some RandomNumberGenerator)
    -> GeneratedContent
  {
    switch node {
    case .any, .null: return .null
    case .boolean: return GeneratedContent(kind: .bool(Bool.random(using: &random)))
    case .integer(let minimum, let maximum):
      // Near 0 when unbounded, within 2,000 of the one bound given; saturating at the ends of Int.
      let below = maximum.map { $0 < Int.min + 2000 ? Int.min : $0 - 2000 } ?? -1000
      let low = minimum ?? min(max(-1000, below), maximum ?? Int.max)
      let high = maximum ?? (low > Int.max - 2000 ? Int.max : low + 2000)
      return GeneratedContent(kind: .number(Double(Int.random(in: low...high, using: &random))))
    case .number(let minimum, let maximum):
      var low = minimum ?? min(max(-1000, (maximum ?? 1000) - 2000), maximum ?? .infinity)
      var high = maximum ?? low + 2000
      // A range too wide for a uniform draw (±1e308) is narrowed around its middle.
      if !(high - low).isFinite { (low, high) = (max(low, -1e300), min(high, 1e300)) }
      let value = (Double.random(in: low...high, using: &random) * 100).rounded(.down) / 100
      return GeneratedContent(kind: .number(min(max(value, low), high)))
    case .string(let pattern):
      guard pattern != nil else { return GeneratedContent(kind: .string(Self.words.randomElement(using: &random)!)) }
      return GeneratedContent(kind: .string(patternString(node, using: &random)))
    case .stringEnum(let values): return GeneratedContent(kind: .string(values.randomElement(using: &random)!))
    case .array(let element, let minimum, let maximum):
      let low = minimum ?? 0
      let high = depth > 3 ? low : min(maximum ?? low + 3, low + 3)
      let count = Int.random(in: low...max(low, high), using: &random)
      return GeneratedContent(kind: .array((0..<count).map { _ in sample(element, depth: depth + 1, using: &random) }))
    case .object(_, _, let properties):
      var values: [String: GeneratedContent] = [:]
      var keys: [String] = []
      for property in properties where !property.isOptional || (depth < 3 && Bool.random(using: &random)) {
        keys.append(property.name)
        values[property.name] = sample(property.node, depth: depth + 1, using: &random)
      }
      return GeneratedContent(kind: .structure(properties: values, orderedKeys: keys))
    case .anyOf(let choices):
      // Deep down, take a choice that ends soonest, so a recursive schema's sample stays finite.
      guard depth > 3, let shallowest = choices.min(by: { nesting($0) < nesting($1) }) else {
        return sample(choices.randomElement(using: &random)!, depth: depth + 1, using: &random)
      }
      return sample(shallowest, depth: depth + 1, using: &random)
    case .reference(let name):
      return sample(schema.definition(named: name) ?? .null, depth: depth + 1, using: &random)
    }
  }

  /// The fewest levels of nesting a value of `node` needs (`Int.max` when none is found within
  /// `budget` references): what a sample must go through to end. A valid schema's definitions
  /// can all be finished, each through fewer references than there are definitions.
  private func nesting(_ node: GenerationSchema.Node, budget: Int? = nil) -> Int {
    let budget = budget ?? schema.definitions.count + 1
    switch node {
    case .any, .null, .boolean, .integer, .number, .string, .stringEnum: return 0
    case .array(let element, let minimum, _):
      return (minimum ?? 0) == 0 ? 1 : Self.deeper(nesting(element, budget: budget))
    case .object(_, _, let properties):
      return Self.deeper(properties.filter { !$0.isOptional }.map { nesting($0.node, budget: budget) }.max() ?? 0)
    case .anyOf(let choices): return choices.map { nesting($0, budget: budget) }.min() ?? Int.max
    case .reference(let name):
      guard budget > 0, let definition = schema.definition(named: name) else { return Int.max }
      return nesting(definition, budget: budget - 1)
    }
  }

  private static func deeper(_ levels: Int) -> Int { levels == Int.max ? Int.max : levels + 1 }

  /// A random string matching a pattern, by a random walk through its automaton.
  private func patternString(_ node: GenerationSchema.Node, using random: inout some RandomNumberGenerator) -> String {
    guard let state = try? GuidanceGrammar.cached(schema: GenerationSchema(root: node)).initialState.advanced(by: "\"") else {
      return ""
    }
    var current = state
    var bytes: [UInt8] = []
    for step in 0..<64 {
      let allowed = Array(current.allowedBytes)
      let canClose = allowed.contains(UInt8(ascii: "\""))
      let others = allowed.filter { $0 != UInt8(ascii: "\"") }
      if canClose && (others.isEmpty || step > 12 || Int.random(in: 0..<4, using: &random) == 0) { break }
      guard let byte = others.randomElement(using: &random), let next = current.advanced(by: byte) else { break }
      bytes.append(byte)
      current = next
    }
    // A walk that stopped where the string cannot end takes the shortest way to where it can.
    return String(decoding: bytes + Self.shortestEnding(from: current), as: UTF8.self)
  }

  /// The fewest bytes after which a closing quote is allowed (breadth first, bounded).
  private static func shortestEnding(from start: GuidanceState) -> [UInt8] {
    let quote = UInt8(ascii: "\"")
    var queue: [(state: GuidanceState, bytes: [UInt8])] = [(start, [])]
    var seen: Set<GuidanceState> = [start]
    var index = 0
    while index < queue.count, index < 10_000 {
      let (state, bytes) = queue[index]
      index += 1
      let allowed = state.allowedBytes
      if allowed.contains(quote) { return bytes }
      for byte in allowed {
        guard let next = state.advanced(by: byte), seen.insert(next).inserted else { continue }
        queue.append((next, bytes + [byte]))
      }
    }
    return []
  }
}
