extension ByteDFA {
  /// The automaton with equivalent states merged, numbered in breadth-first order from the
  /// start. The subset construction can give one point of a pattern several states (before and
  /// after the first pass through a loop, say); merged, a loop leads back to the state it left,
  /// which ``runs`` relies on.
  static func minimized(_ transitions: [Int32], _ accepting: [Bool], classCount: Int) -> ([Int32], [Bool]) {
    let block = equivalenceClasses(transitions, accepting, classCount: classCount)
    // Number the blocks breadth-first from the start, each by its first state met.
    var number = [Int](repeating: -1, count: (block.max() ?? 0) + 1)
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

  /// Each state's block of equivalent states, by Hopcroft's partition refinement: start from
  /// accepting, not accepting and the dead state (kept apart, so no live state joins it), and
  /// split blocks by the states that lead into a block on some class, until none splits.
  private static func equivalenceClasses(_ transitions: [Int32], _ accepting: [Bool], classCount: Int) -> [Int] {
    let count = accepting.count
    let dead = count
    func target(_ state: Int, _ column: Int) -> Int {
      guard state < count else { return dead }
      let next = transitions[state * classCount + column]
      return next < 0 ? dead : Int(next)
    }
    // The states leading into each state on each class: sources[starts[column * (count + 1) + t]...].
    let width = count + 1
    var starts = [Int](repeating: 0, count: classCount * width + 1)
    for state in 0...count {
      for column in 0..<classCount { starts[column * width + target(state, column) + 1] += 1 }
    }
    for index in 1..<starts.count { starts[index] += starts[index - 1] }
    var sources = [Int](repeating: 0, count: starts[starts.count - 1])
    var fill = starts
    for state in 0...count {
      for column in 0..<classCount {
        let slot = column * width + target(state, column)
        sources[fill[slot]] = state
        fill[slot] += 1
      }
    }
    var blocks = [(0..<count).filter { accepting[$0] }, (0..<count).filter { !accepting[$0] }, [dead]].filter { !$0.isEmpty }
    var blockOf = [Int](repeating: 0, count: width)
    for (number, members) in blocks.enumerated() {
      for state in members { blockOf[state] = number }
    }
    var pending = Array(blocks.indices)
    var isPending = [Bool](repeating: true, count: blocks.count)
    var marked = [Bool](repeating: false, count: width)
    var markedCount = [Int](repeating: 0, count: blocks.count)
    while let splitter = pending.popLast() {
      isPending[splitter] = false
      let members = blocks[splitter]
      for column in 0..<classCount {
        var touched: [Int] = []
        var leading: [Int] = []
        for state in members {
          for source in sources[starts[column * width + state]..<starts[column * width + state + 1]] where !marked[source] {
            marked[source] = true
            leading.append(source)
            let block = blockOf[source]
            if markedCount[block] == 0 { touched.append(block) }
            markedCount[block] += 1
          }
        }
        for block in touched {
          defer { markedCount[block] = 0 }
          guard markedCount[block] < blocks[block].count else { continue }
          let inside = blocks[block].filter { marked[$0] }
          let outside = blocks[block].filter { !marked[$0] }
          blocks[block] = inside
          let added = blocks.count
          blocks.append(outside)
          markedCount.append(0)
          isPending.append(false)
          for state in outside { blockOf[state] = added }
          // Both halves must split others if the block was still to do; else the smaller will.
          let next = isPending[block] || outside.count < inside.count ? added : block
          pending.append(next)
          isPending[next] = true
        }
        for state in leading { marked[state] = false }
      }
    }
    return Array(blockOf[0..<count])
  }
}
