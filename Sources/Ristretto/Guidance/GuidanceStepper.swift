/// The transition function of the guidance machine: one thread, one byte.
struct GuidanceStepper {
  let grammar: GuidanceGrammar
  static let maximumAnyDepth = 48

  /// Appends to `results` every thread that `thread` becomes after `byte`.
  func step(_ thread: [GuidanceFrame], _ byte: UInt8, into results: inout [[GuidanceFrame]]) {
    var stack = thread
    guard let top = stack.popLast() else { return }
    switch top {
    case .value(let node):
      start(node, byte, stack, &results, depth: 0)
    case .literal(let set, let low, let high, let position):
      guard let (first, last) = narrow(set, low, high, position, byte) else { return }
      let length = Int32(grammar.literals[Int(set)].candidates[Int(first)].count)
      if length == position + 1 { results.append(stack) }
      let continuing = length == position + 1 ? first + 1 : first
      if continuing < last {
        results.append(stack + [.literal(set: set, low: continuing, high: last, position: position + 1)])
      }
    case .objectKey(let node, let position, let low, let high, let offset):
      guard case .object(let keySets, let properties) = grammar.nodes[Int(node)] else { return }
      let set = keySets[Int(position)]
      guard let (first, last) = narrow(set, low, high, offset, byte) else { return }
      let literal = grammar.literals[Int(set)]
      if literal.candidates[Int(first)].count == Int(offset) + 1 {
        let outcome = literal.outcomes[Int(first)]
        if outcome < 0 {
          results.append(stack)
        } else {
          let nextSet = keySets[Int(outcome) + 1]
          let count = Int32(grammar.literals[Int(nextSet)].candidates.count)
          results.append(
            stack + [
              .objectKey(node: node, position: outcome + 1, low: 0, high: count, offset: 0),
              .value(properties[Int(outcome)]),
            ])
        }
      }
      let continuing = literal.candidates[Int(first)].count == Int(offset) + 1 ? first + 1 : first
      if continuing < last {
        results.append(stack + [.objectKey(node: node, position: position, low: continuing, high: last, offset: offset + 1)])
      }
    case .arrayOpen(let node):
      guard case .array(let element, let minimum, let maximum) = grammar.nodes[Int(node)] else { return }
      if byte == UInt8(ascii: "]") {
        if minimum == 0 { results.append(stack) }
        return
      }
      if maximum > 0 { start(element, byte, stack + [.arrayNext(node: node, count: 1)], &results, depth: 0) }
    case .arrayNext(let node, let count):
      guard case .array(let element, let minimum, let maximum) = grammar.nodes[Int(node)] else { return }
      if byte == UInt8(ascii: ","), count < maximum {
        results.append(stack + [.arrayNext(node: node, count: count + 1), .value(element)])
      } else if byte == UInt8(ascii: "]"), count >= minimum {
        results.append(stack)
      }
    case .string(let progress):
      stepString(progress, byte, stack, &results)
    case .number(let node, let progress):
      if let next = advanceNumber(node, progress, byte) {
        results.append(stack + [.number(node: node, progress: next)])
      } else if numberCanEnd(node, progress) {
        step(stack, byte, into: &results)
      }
    case .anyObject(let node, let phase):
      switch (phase, byte) {
      case (0, UInt8(ascii: "}")), (2, UInt8(ascii: "}")): results.append(stack)
      case (0, UInt8(ascii: "\"")), (3, UInt8(ascii: "\"")):
        results.append(stack + [.anyObject(node: node, phase: 1), .string(StringProgress(pattern: -1))])
      case (1, UInt8(ascii: ":")): results.append(stack + [.anyObject(node: node, phase: 2), .value(node)])
      case (2, UInt8(ascii: ",")): results.append(stack + [.anyObject(node: node, phase: 3)])
      default: return
      }
    case .anyArray(let node, let phase):
      if byte == UInt8(ascii: "]") {
        results.append(stack)
      } else if phase == 0 {
        start(node, byte, stack + [.anyArray(node: node, phase: 1)], &results, depth: 0)
      } else if byte == UInt8(ascii: ",") {
        results.append(stack + [.anyArray(node: node, phase: 1), .value(node)])
      }
    }
  }

  /// Starts a value of `node` with its first byte.
  private func start(
    _ node: Int32, _ byte: UInt8, _ stack: [GuidanceFrame], _ results: inout [[GuidanceFrame]], depth: Int
  ) {
    switch grammar.nodes[Int(node)] {
    case .any:
      let nested = stack.count < Self.maximumAnyDepth
      switch byte {
      case UInt8(ascii: "{") where nested: results.append(stack + [.anyObject(node: node, phase: 0)])
      case UInt8(ascii: "[") where nested: results.append(stack + [.anyArray(node: node, phase: 0)])
      case UInt8(ascii: "\""): results.append(stack + [.string(StringProgress(pattern: -1))])
      case UInt8(ascii: "t"), UInt8(ascii: "f"): startLiteral(GuidanceGrammar.boolSet, byte, stack, &results)
      case UInt8(ascii: "n"): startLiteral(GuidanceGrammar.nullSet, byte, stack, &results)
      default:
        if let progress = advanceNumber(node, NumberProgress(), byte) {
          results.append(stack + [.number(node: node, progress: progress)])
        }
      }
    case .literal(let set):
      startLiteral(set, byte, stack, &results)
    case .integer, .number:
      if let progress = advanceNumber(node, NumberProgress(), byte) {
        results.append(stack + [.number(node: node, progress: progress)])
      }
    case .string(let pattern):
      guard byte == UInt8(ascii: "\"") else { return }
      results.append(stack + [.string(StringProgress(pattern: pattern))])
    case .array:
      if byte == UInt8(ascii: "[") { results.append(stack + [.arrayOpen(node: node)]) }
    case .object(let keySets, _):
      guard byte == UInt8(ascii: "{") else { return }
      let count = Int32(grammar.literals[Int(keySets[0])].candidates.count)
      results.append(stack + [.objectKey(node: node, position: 0, low: 0, high: count, offset: 0)])
    case .anyOf(let choices):
      guard depth < 64 else { return }
      for choice in choices { start(choice, byte, stack, &results, depth: depth + 1) }
    }
  }

  private func startLiteral(_ set: Int32, _ byte: UInt8, _ stack: [GuidanceFrame], _ results: inout [[GuidanceFrame]]) {
    let count = Int32(grammar.literals[Int(set)].candidates.count)
    step(stack + [.literal(set: set, low: 0, high: count, position: 0)], byte, into: &results)
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
