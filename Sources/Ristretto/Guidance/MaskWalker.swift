/// Walks a trie and the guidance automaton together, depth first, adding every token whose
/// bytes the automaton accepts to a mask.
///
/// At each node only the children whose byte the state may accept next are tried. One thread
/// (the usual case) is walked on reusable stacks, one per depth, so a step costs a copy of a
/// few plain frames and no allocation; inside a string only the string's progress changes, so
/// nothing is copied until it closes. Several threads (an `anyOf` whose alternatives start
/// alike) are walked as ``GuidanceState`` values until they narrow to one.
struct MaskWalker {
  private let stepper: GuidanceStepper
  private let trie: TrieTables
  private(set) var mask: TokenMask
  /// `stacks[level]` holds the state of the node being walked at that level.
  private var stacks: [[GuidanceFrame]]
  private var forks: [[GuidanceFrame]] = []

  init(grammar: GuidanceGrammar, trie: TrieTables, mask: TokenMask) {
    stepper = GuidanceStepper(grammar: grammar)
    self.trie = trie
    self.mask = mask
    stacks = Array(repeating: [], count: trie.depth + 2)
  }

  /// Adds the tokens below the root that `state` accepts.
  mutating func walk(from state: GuidanceState) {
    if state.threads.count == 1 {
      load(state.threads[0], into: 0)
      walk(node: 0, level: 0, depth: 0)
    } else {
      walk(node: 0, state: state, depth: 0)
    }
  }

  private mutating func load(_ thread: [GuidanceFrame], into level: Int) {
    stacks[level].removeAll(keepingCapacity: true)
    stacks[level] += thread
  }

  private mutating func insertTokens(of node: Int) {
    let entry = trie.nodes[node]
    for index in Int(entry.tokenStart)..<Int(entry.tokenEnd) { mask.insert(Int(trie.tokenIDs[index])) }
  }

  /// One thread, in `stacks[level]`, at `node` (`depth` bytes down). New states go to
  /// `stacks[depth + 1]`, above every level in use on the way here.
  private mutating func walk(node: Int, level: Int, depth: Int) {
    if case .string(let progress) = stacks[level].last {
      walkString(node: node, progress: progress, level: level, depth: depth)
      return
    }
    forEachChild(of: node, allowed: stepper.nextBytes(stacks[level])) { walker, child, byte in
      walker.step(child, byte, from: level, depth: depth + 1)
    }
  }

  /// Inside a string body: only the string's progress changes, so it is all the state there is
  /// until the closing quote hands the bytes to the thread below (`stacks[level]` without its
  /// top frame).
  private mutating func walkString(node: Int, progress: StringProgress, level: Int, depth: Int) {
    forEachChild(of: node, allowed: stepper.stringBytes(progress)) { walker, child, byte in
      switch walker.stepper.advanceString(progress, byte) {
      case .refused: return
      case .inside(let next):
        walker.insertTokens(of: child)
        if walker.trie.nodes[child].childCount > 0 {
          walker.walkString(node: child, progress: next, level: level, depth: depth + 1)
        }
      case .closed:
        walker.insertTokens(of: child)
        guard walker.trie.nodes[child].childCount > 0 else { return }
        let current = walker.stacks[level]
        walker.stacks[depth + 1].removeAll(keepingCapacity: true)
        walker.stacks[depth + 1] += current.dropLast()
        walker.walk(node: child, level: depth + 1, depth: depth + 1)
      }
    }
  }

  /// Follows the edge into `child` from the thread in `stacks[level]`.
  private mutating func step(_ child: Int, _ byte: UInt8, from level: Int, depth: Int) {
    let current = stacks[level]
    stacks[depth].removeAll(keepingCapacity: true)
    stacks[depth] += current
    forks.removeAll(keepingCapacity: true)
    let survives = stepper.step(&stacks[depth], byte, &forks)
    if forks.isEmpty {
      guard survives else { return }
      insertTokens(of: child)
      if trie.nodes[child].childCount > 0 { walk(node: child, level: depth, depth: depth) }
    } else {
      var threads = forks
      if survives { threads.insert(stacks[depth], at: 0) }
      var state = GuidanceState(grammar: stepper.grammar, threads: threads)
      state.removeDuplicateThreads()
      insertTokens(of: child)
      if trie.nodes[child].childCount > 0 { walk(node: child, state: state, depth: depth) }
    }
  }

  /// Several threads, as a state value, at `node`.
  private mutating func walk(node: Int, state: GuidanceState, depth: Int) {
    var allowed = ByteSet()
    for thread in state.threads { allowed.formUnion(stepper.nextBytes(thread)) }
    forEachChild(of: node, allowed: allowed) { walker, child, byte in
      guard let advanced = state.advanced(by: byte) else { return }
      walker.insertTokens(of: child)
      guard walker.trie.nodes[child].childCount > 0 else { return }
      if advanced.threads.count == 1 {
        walker.load(advanced.threads[0], into: depth + 1)
        walker.walk(node: child, level: depth + 1, depth: depth + 1)
      } else {
        walker.walk(node: child, state: advanced, depth: depth + 1)
      }
    }
  }

  /// Calls `body` for each child of `node` whose byte is in `allowed`: by a binary search
  /// among the (byte-sorted) children when the set is small beside them, else by a scan.
  private mutating func forEachChild(
    of node: Int, allowed: ByteSet, _ body: (inout MaskWalker, _ child: Int, _ byte: UInt8) -> Void
  ) {
    let entry = trie.nodes[node]
    let start = Int(entry.childStart)
    let end = start + Int(entry.childCount)
    if allowed.count * 8 < end - start {
      allowed.forEachByte { byte in
        var lower = start
        var upper = end
        while lower < upper {
          let middle = (lower + upper) / 2
          if trie.nodeBytes[middle] < byte { lower = middle + 1 } else { upper = middle }
        }
        if lower < end, trie.nodeBytes[lower] == byte { body(&self, lower, byte) }
      }
    } else {
      for child in start..<end {
        let byte = trie.nodeBytes[child]
        if allowed.contains(byte) { body(&self, child, byte) }
      }
    }
  }
}
