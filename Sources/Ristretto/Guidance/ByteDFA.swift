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
  /// For each state, the characters that lead back to it (see ``CharacterLoop``).
  let loops: [CharacterLoop]

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
      + stateBytes.count * MemoryLayout<ByteSet>.stride + loops.count * MemoryLayout<CharacterLoop>.stride
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
    self.classes = classes
    self.classCount = representatives.count
    self.transitions = transitions
    self.accepting = accepting
    stateBytes = accepting.indices.map { state in
      ByteSet((0...255).lazy.map(UInt8.init).filter { transitions[state * representatives.count + Int(classes[Int($0)])] >= 0 })
    }
    loops = accepting.indices.map {
      Self.characterLoop(Int32($0)) { transitions[Int($0) * representatives.count + Int(classes[Int($1)])] }
    }
  }

  /// The automaton with equivalent states merged (Moore's partition refinement), numbered in
  /// breadth-first order from the start. The subset construction can give one point of a
  /// pattern several states (before and after the first pass through a loop, say); merged,
  /// a loop leads back to the state it left, which ``loops`` relies on.
  private static func minimized(_ transitions: [Int32], _ accepting: [Bool], classCount: Int) -> ([Int32], [Bool]) {
    let count = accepting.count
    var block = accepting.map { $0 ? 1 : 0 }
    var blockCount = Set(block).count
    while true {
      var numbers: [[Int]: Int] = [:]
      var next = [Int](repeating: 0, count: count)
      for state in 0..<count {
        var signature = [block[state]]
        for column in 0..<classCount {
          let target = transitions[state * classCount + column]
          signature.append(target < 0 ? -1 : block[Int(target)])
        }
        if let known = numbers[signature] {
          next[state] = known
        } else {
          next[state] = numbers.count
          numbers[signature] = numbers.count
        }
      }
      block = next
      if numbers.count == blockCount { break }
      blockCount = numbers.count
    }
    // Number the blocks breadth-first from the start, each by its first state met.
    var number = [Int](repeating: -1, count: blockCount)
    var representatives = [0]
    number[block[0]] = 0
    var index = 0
    while index < representatives.count {
      let state = representatives[index]
      for column in 0..<classCount {
        let target = transitions[state * classCount + column]
        if target >= 0, number[block[Int(target)]] < 0 {
          number[block[Int(target)]] = representatives.count
          representatives.append(Int(target))
        }
      }
      index += 1
    }
    var minimal: [Int32] = []
    minimal.reserveCapacity(representatives.count * classCount)
    for state in representatives {
      for column in 0..<classCount {
        let target = transitions[state * classCount + column]
        minimal.append(target < 0 ? -1 : Int32(number[block[Int(target)]]))
      }
    }
    return (minimal, representatives.map { accepting[$0] })
  }

  /// The ASCII bytes that lead from `state` back to it, and whether every well-formed multi-byte
  /// character does too.
  private static func characterLoop(_ state: Int32, step: (Int32, UInt8) -> Int32) -> CharacterLoop {
    var loop = CharacterLoop(multibyte: true)
    for byte in UInt8(0)..<0x80 where step(state, byte) == state { loop.insert(byte) }
    var multibyte = true
    for lead in UTF8Shape.leadBytes where multibyte {
      // The states after the lead byte and each possible run of continuation bytes.
      var states: Set<Int32> = [step(state, lead)]
      for range in UTF8Shape.continuations(after: lead) where multibyte {
        var next = Set<Int32>()
        for current in states where current >= 0 {
          for byte in range { next.insert(step(current, byte)) }
        }
        if states.contains(-1) || next.contains(-1) { multibyte = false }
        states = next
      }
      if states != [state] { multibyte = false }
    }
    loop.multibyte = multibyte
    return loop
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

/// The characters that lead from a point of a string back to it: ASCII bytes, and multi-byte
/// characters all or none. A run of such characters never leaves the point, so a token made of
/// them alone is accepted there whatever it spells.
struct CharacterLoop: Sendable {
  /// The looping ASCII bytes, 0–63 and 64–127.
  var low: UInt64 = 0
  var high: UInt64 = 0
  var multibyte: Bool

  /// Between characters of a free string: printable ASCII but the quote and backslash, and
  /// every multi-byte character.
  static let freeString: CharacterLoop = {
    var loop = CharacterLoop(multibyte: true)
    for byte in GuidanceState.plainStringBytes where byte < 0x80 { loop.insert(byte) }
    return loop
  }()

  mutating func insert(_ byte: UInt8) {
    if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
  }

  /// Whether the loop holds nothing.
  var isEmpty: Bool { low == 0 && high == 0 && !multibyte }

  /// Whether every token below a trie node with this summary is made of looping characters.
  func covers(_ summary: TrieTables.Summary) -> Bool {
    summary.wholeCharacters && (multibyte || !summary.nonASCII) && summary.low & ~low == 0 && summary.high & ~high == 0
  }
}

/// Well-formed UTF-8, as the free string body and the trie summaries read it.
enum UTF8Shape {
  /// The point after `byte` from `point` (0 between characters; 1–7 inside one, by what may
  /// come next), or -1 when the byte cannot come there.
  static func step(_ point: Int, _ byte: UInt8) -> Int {
    switch (point, byte) {
    case (0, 0x00...0x7F): 0
    case (0, 0xC2...0xDF): 1
    case (0, 0xE0): 3
    case (0, 0xED): 4
    case (0, 0xE1...0xEF): 2
    case (0, 0xF0): 6
    case (0, 0xF4): 7
    case (0, 0xF1...0xF3): 5
    case (1, 0x80...0xBF): 0
    case (2, 0x80...0xBF), (3, 0xA0...0xBF), (4, 0x80...0x9F): 1
    case (5, 0x80...0xBF), (6, 0x90...0xBF), (7, 0x80...0x8F): 2
    default: -1
    }
  }

  /// The bytes that start a multi-byte character.
  static let leadBytes = Array(UInt8(0xC2)...0xF4)

  /// The ranges of the continuation bytes that follow `lead`, in order.
  static func continuations(after lead: UInt8) -> [ClosedRange<UInt8>] {
    switch lead {
    case 0xC2...0xDF: [0x80...0xBF]
    case 0xE0: [0xA0...0xBF, 0x80...0xBF]
    case 0xED: [0x80...0x9F, 0x80...0xBF]
    case 0xE1...0xEF: [0x80...0xBF, 0x80...0xBF]
    case 0xF0: [0x90...0xBF, 0x80...0xBF, 0x80...0xBF]
    case 0xF4: [0x80...0x8F, 0x80...0xBF, 0x80...0xBF]
    default: [0x80...0xBF, 0x80...0xBF, 0x80...0xBF]
    }
  }
}
