extension ByteDFA {
  /// Patterns with more states than this get loops only, not bounded runs.
  static let runStateLimit = 1024

  /// For each state: the ASCII bytes that lead back to it, with multi-byte characters if they
  /// all do (an unbounded run); else, for smaller automata, the ASCII bytes that keep it alive,
  /// with multi-byte characters if they all lead to one live state, for as many characters as
  /// every such string stays alive (a bounded run).
  static func runs(transitions: [Int32], classes: [UInt8], classCount: Int, paths: [[Int]]) -> [CharacterRun] {
    let stateCount = transitions.count / max(classCount, 1)
    func step(_ state: Int32, _ column: Int) -> Int32 {
      state < 0 ? -1 : transitions[Int(state) * classCount + column]
    }
    // The state every multi-byte character leads to, when they all lead to the same live one.
    let multibyteTarget = (0..<stateCount).map { state -> Int32? in
      let ends = Set(paths.map { $0.reduce(Int32(state), step) })
      guard ends.count == 1, let end = ends.first, end >= 0 else { return nil }
      return end
    }
    var runs = (0..<stateCount).map { state -> CharacterRun in
      var run = CharacterRun(multibyte: multibyteTarget[state] == Int32(state))
      for byte in UInt8(0)..<0x80 where step(Int32(state), Int(classes[Int(byte)])) == Int32(state) { run.insert(byte) }
      return run
    }
    guard stateCount <= runStateLimit else { return runs.map { $0.isEmpty ? .none : $0 } }
    // Bounded runs, for states with no loop, grouped by the characters that keep them alive.
    var groups: [[UInt64]: [Int]] = [:]
    for state in 0..<stateCount where runs[state].isEmpty {
      var run = CharacterRun(multibyte: multibyteTarget[state] != nil, length: 0)
      for byte in UInt8(0)..<0x80 where step(Int32(state), Int(classes[Int(byte)])) >= 0 { run.insert(byte) }
      runs[state] = run
      groups[[run.low, run.high, run.multibyte ? 1 : 0], default: []].append(state)
    }
    for (key, members) in groups {
      let columns = Set((UInt8(0)..<0x80).filter { runs[members[0]].contains($0) }.map { Int(classes[Int($0)]) })
      let lengths = runLengths(stateCount, columns: columns, multibyte: key[2] == 1, step: step, multibyteTarget)
      for state in members { runs[state].length = lengths[state] }
    }
    return runs.map { $0.isEmpty ? .none : $0 }
  }

  /// For each state, how many characters of `columns` (and multi-byte ones, if `multibyte`)
  /// every string of them stays alive for: the greatest fixed point of
  /// `length(s) = dies(s) ? 0 : 1 + min(length(next))`, capped at ``CharacterRun/unbounded``.
  private static func runLengths(
    _ stateCount: Int, columns: Set<Int>, multibyte: Bool, step: (Int32, Int) -> Int32, _ multibyteTarget: [Int32?]
  ) -> [UInt8] {
    // Each state's successors on those characters, -1 where one dies.
    var successors: [Int32] = []
    for state in 0..<stateCount {
      for column in columns { successors.append(step(Int32(state), column)) }
      if multibyte { successors.append(multibyteTarget[state] ?? -1) }
    }
    let width = columns.count + (multibyte ? 1 : 0)
    var lengths = [Int](repeating: Int(CharacterRun.unbounded), count: stateCount)
    var changed = true
    while changed {
      changed = false
      for state in 0..<stateCount {
        var length = Int(CharacterRun.unbounded)
        for next in successors[state * width..<(state + 1) * width] {
          length = next < 0 ? 0 : min(length, 1 + lengths[Int(next)])
          if length == 0 { break }
        }
        if length < lengths[state] {
          lengths[state] = length
          changed = true
        }
      }
    }
    return lengths.map(UInt8.init)
  }

  /// For each state, whether its run is exact (``exactRuns``): every character that keeps the
  /// state alive is one of the run's, and leads to an exact state whose run has no other
  /// characters and is shorter by one. The greatest such assignment, found by refuting states
  /// until none changes; a cycle of bounded runs cannot hold, as each step shortens the run.
  static func exactRuns(
    _ runs: [CharacterRun], transitions: [Int32], classes: [UInt8], classCount: Int, paths: [[Int]]
  ) -> [Bool] {
    func step(_ state: Int32, _ column: Int) -> Int32 {
      state < 0 ? -1 : transitions[Int(state) * classCount + column]
    }
    // Each state's successors on whole characters, or nil when a character outside its run keeps it alive.
    let successors = runs.indices.map { state -> Set<Int32>? in
      let run = runs[state]
      var next = Set<Int32>()
      for byte in UInt8(0)..<0x80 {
        let target = step(Int32(state), Int(classes[Int(byte)]))
        guard target >= 0 else { continue }
        guard run.contains(byte) else { return nil }
        next.insert(target)
      }
      let ends = paths.map { $0.reduce(Int32(state), step) }.filter { $0 >= 0 }
      guard ends.isEmpty || run.multibyte else { return nil }
      next.formUnion(ends)
      return next
    }
    var exact = successors.map { $0 != nil }
    var changed = true
    while changed {
      changed = false
      for state in runs.indices where exact[state] {
        let run = runs[state]
        let holds = successors[state]?.allSatisfy { next in
          let inner = runs[Int(next)]
          return exact[Int(next)] && inner.low & ~run.low == 0 && inner.high & ~run.high == 0
            && (run.multibyte || !inner.multibyte) && inner.isShorter(than: run)
        }
        if holds != true {
          exact[state] = false
          changed = true
        }
      }
    }
    return exact
  }

  /// Every well-formed multi-byte character, as the byte classes it steps through (the `paths`
  /// that `runs` and `exactRuns` follow, computed once per pattern).
  static func multibytePaths(_ classes: [UInt8]) -> [[Int]] {
    var paths = Set<[Int]>()
    for lead in UTF8Shape.leadBytes {
      var partial: Set<[Int]> = [[Int(classes[Int(lead)])]]
      for range in UTF8Shape.continuations(after: lead) {
        let columns = Set(range.map { Int(classes[Int($0)]) })
        partial = Set(partial.flatMap { path in columns.map { path + [$0] } })
      }
      paths.formUnion(partial)
    }
    return paths.sorted { $0.lexicographicallyPrecedes($1) }
  }
}
