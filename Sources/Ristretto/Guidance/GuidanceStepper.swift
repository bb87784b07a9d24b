/// The transition function of the guidance machine: one thread, one byte, in place.
///
/// A step rewrites the thread's stack where it stands, so following a byte costs no allocation
/// unless the schema allows more than one reading (an `anyOf` whose alternatives start alike):
/// the first reading stays in place and each further one is appended to `forks` as a new thread.
struct GuidanceStepper {
  let grammar: GuidanceGrammar
  static let maximumAnyDepth = 48

  /// Follows `byte` on `thread`.
  ///
  /// - Returns: whether `thread`, rewritten in place, survives the byte. When it does not,
  ///   `thread` is left in no particular state. Either way, further readings are in `forks`.
  func step(_ thread: inout [GuidanceFrame], _ byte: UInt8, _ forks: inout [[GuidanceFrame]]) -> Bool {
    guard let top = thread.popLast() else { return false }
    switch top {
    case .value(let node):
      return start(node, byte, &thread, &forks, depth: 0)
    case .literal(let set, let low, let high, let position):
      guard let (first, last) = narrow(set, low, high, position, byte) else { return false }
      let ends = grammar.literals[Int(set)].candidates[Int(first)].count == Int(position) + 1
      let continuing = ends ? first + 1 : first
      let next = GuidanceFrame.literal(set: set, low: continuing, high: last, position: position + 1)
      if !ends {
        thread.append(next)
      } else if continuing < last {
        forks.append(thread + [next])
      }
      return true
    case .objectKey(let node, let position, let low, let high, let offset):
      return stepKey(node, position, low, high, offset, byte, &thread, &forks)
    case .arrayOpen(let node):
      guard case .array(let element, let minimum, let maximum) = grammar.nodes[Int(node)] else { return false }
      if byte == UInt8(ascii: "]") { return minimum == 0 }
      guard maximum > 0 else { return false }
      thread.append(.arrayNext(node: node, count: 1))
      return start(element, byte, &thread, &forks, depth: 0)
    case .arrayNext(let node, let count):
      guard case .array(let element, let minimum, let maximum) = grammar.nodes[Int(node)] else { return false }
      if byte == UInt8(ascii: ","), count < maximum {
        thread.append(.arrayNext(node: node, count: count + 1))
        thread.append(.value(element))
        return true
      }
      return byte == UInt8(ascii: "]") && count >= minimum
    case .string(let progress):
      return stepString(progress, byte, &thread)
    case .number(let node, let progress):
      if let next = advanceNumber(node, progress, byte) {
        thread.append(.number(node: node, progress: next))
        return true
      }
      return numberCanEnd(node, progress) && step(&thread, byte, &forks)
    case .anyObject(let node, let phase):
      switch (phase, byte) {
      case (0, UInt8(ascii: "}")), (2, UInt8(ascii: "}")): return true
      case (0, UInt8(ascii: "\"")), (3, UInt8(ascii: "\"")):
        thread.append(.anyObject(node: node, phase: 1))
        thread.append(.string(StringProgress(pattern: -1)))
      case (1, UInt8(ascii: ":")):
        thread.append(.anyObject(node: node, phase: 2))
        thread.append(.value(node))
      case (2, UInt8(ascii: ",")): thread.append(.anyObject(node: node, phase: 3))
      default: return false
      }
      return true
    case .anyArray(let node, let phase):
      if byte == UInt8(ascii: "]") { return true }
      thread.append(.anyArray(node: node, phase: 1))
      if phase == 0 { return start(node, byte, &thread, &forks, depth: 0) }
      guard byte == UInt8(ascii: ",") else { return false }
      thread.append(.value(node))
      return true
    }
  }

  /// Inside an object, after `offset` bytes of a key from key set `position`.
  private func stepKey(
    _ node: Int32, _ position: Int32, _ low: Int32, _ high: Int32, _ offset: Int32, _ byte: UInt8,
    _ thread: inout [GuidanceFrame], _ forks: inout [[GuidanceFrame]]
  ) -> Bool {
    guard case .object(let keySets, let properties) = grammar.nodes[Int(node)] else { return false }
    let set = keySets[Int(position)]
    guard let (first, last) = narrow(set, low, high, offset, byte) else { return false }
    let literal = grammar.literals[Int(set)]
    let ends = literal.candidates[Int(first)].count == Int(offset) + 1
    let continuing = ends ? first + 1 : first
    let next = GuidanceFrame.objectKey(node: node, position: position, low: continuing, high: last, offset: offset + 1)
    guard ends else {
      thread.append(next)
      return true
    }
    if continuing < last { forks.append(thread + [next]) }
    let outcome = literal.outcomes[Int(first)]
    if outcome >= 0 {
      let nextSet = keySets[Int(outcome) + 1]
      let count = Int32(grammar.literals[Int(nextSet)].candidates.count)
      thread.append(.objectKey(node: node, position: outcome + 1, low: 0, high: count, offset: 0))
      thread.append(.value(properties[Int(outcome)]))
    }
    return true
  }

  /// Starts a value of `node` with its first byte, pushing its frames on `thread`.
  /// When the byte cannot start the value, `thread` is left as it was.
  private func start(
    _ node: Int32, _ byte: UInt8, _ thread: inout [GuidanceFrame], _ forks: inout [[GuidanceFrame]], depth: Int
  ) -> Bool {
    switch grammar.nodes[Int(node)] {
    case .any:
      let nested = thread.count < Self.maximumAnyDepth
      switch byte {
      case UInt8(ascii: "{") where nested: thread.append(.anyObject(node: node, phase: 0))
      case UInt8(ascii: "[") where nested: thread.append(.anyArray(node: node, phase: 0))
      case UInt8(ascii: "\""): thread.append(.string(StringProgress(pattern: -1)))
      case UInt8(ascii: "t"), UInt8(ascii: "f"): return startLiteral(GuidanceGrammar.boolSet, byte, &thread, &forks)
      case UInt8(ascii: "n"): return startLiteral(GuidanceGrammar.nullSet, byte, &thread, &forks)
      default: return startNumber(node, byte, &thread)
      }
      return true
    case .literal(let set):
      return startLiteral(set, byte, &thread, &forks)
    case .integer, .number:
      return startNumber(node, byte, &thread)
    case .string(let pattern):
      guard byte == UInt8(ascii: "\"") else { return false }
      thread.append(.string(StringProgress(pattern: pattern)))
      return true
    case .array:
      guard byte == UInt8(ascii: "[") else { return false }
      thread.append(.arrayOpen(node: node))
      return true
    case .object(let keySets, _):
      guard byte == UInt8(ascii: "{") else { return false }
      let count = Int32(grammar.literals[Int(keySets[0])].candidates.count)
      thread.append(.objectKey(node: node, position: 0, low: 0, high: count, offset: 0))
      return true
    case .anyOf(let choices):
      guard depth < 64 else { return false }
      return startAlternatives(choices, byte, &thread, &forks, depth: depth)
    }
  }

  /// The first alternative that can start with `byte` continues in place; each further one
  /// starts on a copy of the thread, appended to `forks`.
  private func startAlternatives(
    _ choices: [Int32], _ byte: UInt8, _ thread: inout [GuidanceFrame], _ forks: inout [[GuidanceFrame]], depth: Int
  ) -> Bool {
    let base = thread.count
    var started = false
    var other: [GuidanceFrame] = []
    for choice in choices {
      if !started {
        started = start(choice, byte, &thread, &forks, depth: depth + 1)
        continue
      }
      if other.count != base { other = Array(thread[..<base]) }
      if start(choice, byte, &other, &forks, depth: depth + 1) {
        forks.append(other)
        other.removeSubrange(base...)
      }
    }
    return started
  }

  private func startNumber(_ node: Int32, _ byte: UInt8, _ thread: inout [GuidanceFrame]) -> Bool {
    guard let progress = advanceNumber(node, NumberProgress(), byte) else { return false }
    thread.append(.number(node: node, progress: progress))
    return true
  }

  private func startLiteral(_ set: Int32, _ byte: UInt8, _ thread: inout [GuidanceFrame], _ forks: inout [[GuidanceFrame]])
    -> Bool
  {
    let count = Int32(grammar.literals[Int(set)].candidates.count)
    thread.append(.literal(set: set, low: 0, high: count, position: 0))
    return step(&thread, byte, &forks)
  }

  /// The candidates of `set` in `low..<high` whose byte at `position` is `byte`.
  private func narrow(_ set: Int32, _ low: Int32, _ high: Int32, _ position: Int32, _ byte: UInt8) -> (Int32, Int32)? {
    let candidates = grammar.literals[Int(set)].candidates
    let index = Int(position)
    func key(_ i: Int32) -> Int {
      let candidate = candidates[Int(i)]
      return candidate.count > index ? Int(candidate[index]) : -1
    }
    func firstIndex(where predicate: (Int) -> Bool) -> Int32 {
      var lower = low
      var upper = high
      while lower < upper {
        let middle = (lower + upper) / 2
        if predicate(key(middle)) { upper = middle } else { lower = middle + 1 }
      }
      return lower
    }
    let first = firstIndex { $0 >= Int(byte) }
    let last = firstIndex { $0 > Int(byte) }
    return first < last ? (first, last) : nil
  }
}
