/// A deterministic byte automaton for a ``StringPattern``, built from its ``ByteNFA`` when the
/// pattern is compiled.
///
/// A run state is one `Int32`, so string frames stay plain values and a step is a table lookup:
/// bytes that no edge of the pattern tells apart share a class, and the table has one column per
/// class rather than one per byte.
struct ByteDFA: Sendable {
  /// The class of each byte.
  let classes: [UInt8]
  /// The number of byte classes (the width of a table row).
  let classCount: Int
  /// `transitions[state * classCount + class]`: the next state, or -1 when nothing can follow.
  let transitions: [Int32]
  /// Whether each state may end the string.
  let accepting: [Bool]
  /// The bytes each state can follow.
  let stateBytes: [ByteSet]
  /// For each state, characters that keep a string alive there (see ``CharacterRun``).
  let runs: [CharacterRun]
  /// For each state, whether its run is all it accepts of whole characters: every string of whole
  /// characters that keeps the state alive is made of the run's characters and no longer than it.
  /// At such a state the tokens a pattern string holds as they are come from ``PlainTokens``.
  let exactRuns: [Bool]

  /// The state before any byte.
  static let start: Int32 = 0
  /// The most states a pattern may need.
  static let stateLimit = 10_000

  /// Follows `byte` from `state`; -1 when nothing can follow.
  func step(_ state: Int32, _ byte: UInt8) -> Int32 {
    transitions[Int(state) * classCount + Int(classes[Int(byte)])]
  }

  /// Whether the run state may end the string.
  func accepts(_ state: Int32) -> Bool { accepting[Int(state)] }

  /// The number of states.
  var stateCount: Int { accepting.count }

  /// The memory the tables take, in bytes.
  var byteCount: Int {
    classes.count + transitions.count * MemoryLayout<Int32>.stride + accepting.count
      + stateBytes.count * MemoryLayout<ByteSet>.stride + runs.count * MemoryLayout<CharacterRun>.stride + exactRuns.count
  }

  /// Determinizes `automaton` by the subset construction over byte classes.
  /// - Throws: ``StringPatternError`` when the pattern needs more than ``stateLimit`` states.
  init(_ automaton: ByteNFA) throws(StringPatternError) {
    let (classes, representatives) = Self.byteClasses(automaton)
    var index: [[Int32]: Int32] = [automaton.start: 0]
    var sets: [[Int32]] = [automaton.start]
    var transitions: [Int32] = []
    var accepting: [Bool] = []
    var current = 0
    while current < sets.count {
      let set = sets[current]
      accepting.append(automaton.accepts(set))
      for byte in representatives {
        guard let next = automaton.step(set, byte) else {
          transitions.append(-1)
          continue
        }
        if let known = index[next] {
          transitions.append(known)
        } else {
          guard sets.count < Self.stateLimit else {
            throw StringPatternError(reason: "the pattern is too complex (over \(Self.stateLimit) automaton states)")
          }
          index[next] = Int32(sets.count)
          transitions.append(Int32(sets.count))
          sets.append(next)
        }
      }
      current += 1
    }
    (transitions, accepting) = Self.minimized(transitions, accepting, classCount: representatives.count)
    // A byte that leads only to states from which no string can end (a literal JSON must escape,
    // which is never generated) is no edge: guidance must never walk into a dead end.
    transitions = Self.trimmed(transitions, accepting, classCount: representatives.count)
    guard accepting[0] || transitions[0..<representatives.count].contains(where: { $0 >= 0 }) else {
      throw StringPatternError(
        reason: "the pattern matches no string guidance can write (it needs a quote, a backslash or a control character)")
    }
    self.classes = classes
    self.classCount = representatives.count
    self.transitions = transitions
    self.accepting = accepting
    stateBytes = accepting.indices.map { state in
      ByteSet((0...255).lazy.map(UInt8.init).filter { transitions[state * representatives.count + Int(classes[Int($0)])] >= 0 })
    }
    let paths = Self.multibytePaths(classes)
    runs = Self.runs(transitions: transitions, classes: classes, classCount: representatives.count, paths: paths)
    exactRuns = Self.exactRuns(
      runs, transitions: transitions, classes: classes, classCount: representatives.count, paths: paths)
  }

  /// `transitions` with every edge into a state that cannot reach an accepting one removed.
  static func trimmed(_ transitions: [Int32], _ accepting: [Bool], classCount: Int) -> [Int32] {
    let count = accepting.count
    var predecessors = [[Int]](repeating: [], count: count)
    for state in 0..<count {
      for column in 0..<classCount where transitions[state * classCount + column] >= 0 {
        predecessors[Int(transitions[state * classCount + column])].append(state)
      }
    }
    var live = accepting
    var queue = accepting.indices.filter { accepting[$0] }
    while let state = queue.popLast() {
      for previous in predecessors[state] where !live[previous] {
        live[previous] = true
        queue.append(previous)
      }
    }
    return transitions.map { $0 >= 0 && !live[Int($0)] ? -1 : $0 }
  }

  /// Splits the 256 bytes into classes no edge tells apart; returns each byte's class and one
  /// byte of each class.
  private static func byteClasses(_ automaton: ByteNFA) -> (classes: [UInt8], representatives: [UInt8]) {
    var distinct = Set<ByteSet>()
    for edges in automaton.edges {
      for edge in edges { distinct.insert(edge.bytes) }
    }
    // A byte's signature: the sets it belongs to; bytes with equal signatures share a class.
    var signatures = [[Int]](repeating: [], count: 256)
    for (number, set) in distinct.enumerated() {
      for byte in set { signatures[Int(byte)].append(number) }
    }
    var classOf: [[Int]: UInt8] = [:]
    var classes = [UInt8](repeating: 0, count: 256)
    var representatives: [UInt8] = []
    for byte in 0..<256 {
      if let known = classOf[signatures[byte]] {
        classes[byte] = known
      } else {
        let number = UInt8(representatives.count)
        classOf[signatures[byte]] = number
        classes[byte] = number
        representatives.append(UInt8(byte))
      }
    }
    return (classes, representatives)
  }
}
