/// A byte-level nondeterministic automaton compiled from a ``StringPattern``; ``ByteDFA``
/// determinizes it.
///
/// A state of a run is the sorted set of NFA states reachable so far.
struct ByteNFA: Sendable {
  struct Edge: Sendable {
    var bytes: ByteSet
    var target: Int32
  }

  var edges: [[Edge]]
  var epsilons: [[Int32]]
  var accepting: Int32
  var start: [Int32] = []

  /// Follows `byte` from a run state; nil when nothing can follow.
  func step(_ state: [Int32], _ byte: UInt8) -> [Int32]? {
    var next: [Int32] = []
    for source in state {
      for edge in edges[Int(source)] where edge.bytes.contains(byte) { next.append(edge.target) }
    }
    guard !next.isEmpty else { return nil }
    return closure(next)
  }

  /// Whether the run state may end the string.
  func accepts(_ state: [Int32]) -> Bool { state.contains(accepting) }

  /// The states reachable from `states` without consuming a byte, sorted and unique.
  func closure(_ states: [Int32]) -> [Int32] {
    var seen = Set<Int32>(states)
    var stack = states
    while let state = stack.popLast() {
      for target in epsilons[Int(state)] where seen.insert(target).inserted { stack.append(target) }
    }
    return seen.sorted()
  }
}

/// Thompson construction from a parsed pattern.
struct NFABuilder {
  private var edges: [[ByteNFA.Edge]] = []
  private var epsilons: [[Int32]] = []
  private static let stateLimit = 20_000

  private mutating func newState() throws(StringPatternError) -> Int32 {
    guard edges.count < Self.stateLimit else {
      throw StringPatternError(reason: "the pattern is too large (over \(Self.stateLimit) states)")
    }
    edges.append([])
    epsilons.append([])
    return Int32(edges.count - 1)
  }

  mutating func build(_ node: PatternNode) throws(StringPatternError) -> ByteNFA {
    let start = try newState()
    let end = try emit(node, from: start)
    var automaton = ByteNFA(edges: edges, epsilons: epsilons, accepting: end)
    automaton.start = automaton.closure([start])
    return automaton
  }

  /// Emits `node` starting at `from`; returns its end state.
  private mutating func emit(_ node: PatternNode, from: Int32) throws(StringPatternError) -> Int32 {
    switch node {
    case .bytes(let bytes):
      var current = from
      for byte in bytes {
        let next = try newState()
        guard byte >= 0x20, byte != 0x22, byte != 0x5C else { return try newState() }
        edges[Int(current)].append(.init(bytes: ByteSet([byte]), target: next))
        current = next
      }
      return current
    case .byteClass(let set, let nonASCII):
      let end = try newState()
      let safe = set.subtracting(ByteSet(Array(0...0x1F) + [0x22, 0x5C]))
      if !safe.isEmpty { edges[Int(from)].append(.init(bytes: safe, target: end)) }
      if nonASCII { try emitMultibyte(from: from, to: end) }
      return end
    case .concat(let items):
      var current = from
      for item in items { current = try emit(item, from: current) }
      return current
    case .alternate(let branches):
      let end = try newState()
      for branch in branches {
        let branchStart = try newState()
        epsilons[Int(from)].append(branchStart)
        let branchEnd = try emit(branch, from: branchStart)
        epsilons[Int(branchEnd)].append(end)
      }
      return end
    case .repeated(let inner, let minimum, let maximum):
      var current = from
      for _ in 0..<minimum { current = try emit(inner, from: current) }
      if let maximum {
        let end = try newState()
        epsilons[Int(current)].append(end)
        for _ in minimum..<maximum {
          current = try emit(inner, from: current)
          epsilons[Int(current)].append(end)
        }
        return end
      }
      let loopStart = try newState()
      epsilons[Int(current)].append(loopStart)
      let loopEnd = try emit(inner, from: loopStart)
      epsilons[Int(loopEnd)].append(loopStart)
      return loopStart
    }
  }

  /// One well-formed non-ASCII UTF-8 sequence (2 to 4 bytes), by ``UTF8Shape``'s table: no
  /// overlong form, surrogate or code point above U+10FFFF is ever generated.
  private mutating func emitMultibyte(from: Int32, to end: Int32) throws(StringPatternError) {
    // Lead bytes that share their continuation ranges share one path.
    var leads: [[ClosedRange<UInt8>]: ByteSet] = [:]
    for lead in UTF8Shape.leadBytes { leads[UTF8Shape.continuations(after: lead), default: ByteSet()].insert(lead) }
    for (continuations, leadSet) in leads.sorted(by: { $0.value.first ?? 0 < $1.value.first ?? 0 }) {
      var current = try newState()
      edges[Int(from)].append(.init(bytes: leadSet, target: current))
      for (index, range) in continuations.enumerated() {
        let next = index == continuations.count - 1 ? end : try newState()
        edges[Int(current)].append(.init(bytes: ByteSet(range), target: next))
        current = next
      }
    }
  }
}
