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
  /// The tokens found so far (moved in and out by the computer, to reuse its storage).
  var mask: TokenMask
  /// `stacks[level]` holds the state of the node being walked at that level.
  private var stacks: [[GuidanceFrame]]
  private var forks: [[GuidanceFrame]] = []

  /// A walker starting from `mask`, on `stacks` left by an earlier walker (their capacity is
  /// reused, so a walk need not allocate).
  init(grammar: GuidanceGrammar, trie: TrieTables, mask: TokenMask, stacks: [[GuidanceFrame]] = []) {
    stepper = GuidanceStepper(grammar: grammar)
    self.trie = trie
    self.mask = mask
    self.stacks = stacks
    if self.stacks.count < trie.depth + 2 { self.stacks += Array(repeating: [], count: trie.depth + 2 - stacks.count) }
  }

  /// Gives the stacks back for another walker, emptying this one's.
  mutating func takeStacks() -> [[GuidanceFrame]] {
    var taken: [[GuidanceFrame]] = []
    swap(&taken, &stacks)
    return taken
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
    let start = Int(trie.nodes[node].tokenStart)
    let end = Int(trie.nodes[node + 1].tokenStart)
    guard start < end else { return }
    for index in start..<end { mask.insert(Int(trie.tokenIDs[index])) }
  }

  private func hasChildren(_ node: Int) -> Bool { trie.nodes[node].childCount > 0 }

  /// Whether every token at `node` and below is a run of characters that keeps the string
  /// alive (then they are all added, without going down).
  private mutating func covered(_ node: Int, by run: CharacterRun) -> Bool {
    let summary = trie.nodes[node].summary
    guard summary >= 0, run.covers(trie.summaries[Int(summary)]) else { return false }
    for index in trie.tokensBelow(node) { mask.insert(Int(trie.tokenIDs[index])) }
    return true
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
  /// top frame). A pattern's automaton is looked up once and handed down.
  private mutating func walkString(node: Int, progress: StringProgress, level: Int, depth: Int) {
    if progress.pattern >= 0 {
      let automaton = stepper.grammar.patterns[Int(progress.pattern)]
      walkPattern(node: node, state: progress.run, automaton: automaton, level: level, depth: depth)
    } else {
      walkFreeString(node: node, progress: progress, level: level, depth: depth)
    }
  }

  private mutating func walkFreeString(node: Int, progress: StringProgress, level: Int, depth: Int) {
    if isCrowded(node) {
      let allowed = stepper.stringBytes(progress)
      if lookUp(allowed, among: node) {
        allowed.forEachByte { byte in
          if let child = trie.child(of: node, byte: byte) { visitFreeString(child, progress, level, depth + 1) }
        }
        return
      }
    }
    var child = node + 1
    while child < Int(trie.nodes[node].subtreeEnd) {
      visitFreeString(child, progress, level, depth + 1)
      child = Int(trie.nodes[child].subtreeEnd)
    }
  }

  private mutating func visitFreeString(_ child: Int, _ progress: StringProgress, _ level: Int, _ depth: Int) {
    if progress.escape == 0, progress.pending == 0, covered(child, by: CharacterRun.freeString) { return }
    switch GuidanceStepper.advanceFreeString(progress, trie.nodes[child].byte) {
    case .refused: return
    case .inside(let next):
      insertTokens(of: child)
      if hasChildren(child) { walkFreeString(node: child, progress: next, level: level, depth: depth) }
    case .closed: close(child, level: level, depth: depth)
    }
  }

  private mutating func walkPattern(node: Int, state: Int32, automaton: ByteDFA, level: Int, depth: Int) {
    if isCrowded(node) {
      var allowed = automaton.stateBytes[Int(state)]
      if automaton.accepts(state) { allowed.insert(UInt8(ascii: "\"")) }
      if lookUp(allowed, among: node) {
        allowed.forEachByte { byte in
          if let child = trie.child(of: node, byte: byte) { visitPattern(child, state, automaton, level, depth + 1) }
        }
        return
      }
    }
    var child = node + 1
    while child < Int(trie.nodes[node].subtreeEnd) {
      visitPattern(child, state, automaton, level, depth + 1)
      child = Int(trie.nodes[child].subtreeEnd)
    }
  }

  private mutating func visitPattern(_ child: Int, _ state: Int32, _ automaton: ByteDFA, _ level: Int, _ depth: Int) {
    let run = automaton.runs[Int(state)]
    if !run.isEmpty, covered(child, by: run) { return }
    let byte = trie.nodes[child].byte
    if byte == UInt8(ascii: "\"") {
      if automaton.accepts(state) { close(child, level: level, depth: depth) }
      return
    }
    let next = automaton.step(state, byte)
    guard next >= 0 else { return }
    insertTokens(of: child)
    if hasChildren(child) {
      walkPattern(node: child, state: next, automaton: automaton, level: level, depth: depth)
    }
  }

  /// The string closes on the edge into `child`: the thread below it, `stacks[level]` without
  /// its top frame, takes the following bytes.
  private mutating func close(_ child: Int, level: Int, depth: Int) {
    insertTokens(of: child)
    guard hasChildren(child) else { return }
    let current = stacks[level]
    stacks[depth].removeAll(keepingCapacity: true)
    stacks[depth] += current.dropLast()
    walk(node: child, level: depth, depth: depth)
  }

  /// Whether `node` has so many children that looking up the few that can follow may beat a scan.
  private func isCrowded(_ node: Int) -> Bool { trie.nodes[node].childList >= 0 }

  /// Whether to look up the bytes of `allowed` among the children of `node` rather than scan them.
  private func lookUp(_ allowed: ByteSet, among node: Int) -> Bool {
    allowed.count * 8 < Int(trie.nodes[node].childCount)
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
      if hasChildren(child) { walk(node: child, level: depth, depth: depth) }
    } else {
      var threads = forks
      if survives { threads.insert(stacks[depth], at: 0) }
      var state = GuidanceState(grammar: stepper.grammar, threads: threads)
      state.removeDuplicateThreads()
      insertTokens(of: child)
      if hasChildren(child) { walk(node: child, state: state, depth: depth) }
    }
  }

  /// Several threads, as a state value, at `node`.
  private mutating func walk(node: Int, state: GuidanceState, depth: Int) {
    var allowed = ByteSet()
    for thread in state.threads { allowed.formUnion(stepper.nextBytes(thread)) }
    forEachChild(of: node, allowed: allowed) { walker, child, byte in
      guard let advanced = state.advanced(by: byte) else { return }
      walker.insertTokens(of: child)
      guard walker.hasChildren(child) else { return }
      if advanced.threads.count == 1 {
        walker.load(advanced.threads[0], into: depth + 1)
        walker.walk(node: child, level: depth + 1, depth: depth + 1)
      } else {
        walker.walk(node: child, state: advanced, depth: depth + 1)
      }
    }
  }

  /// Calls `body` for each child of `node` whose byte is in `allowed`.
  private mutating func forEachChild(
    of node: Int, allowed: ByteSet, _ body: (inout MaskWalker, _ child: Int, _ byte: UInt8) -> Void
  ) {
    if isCrowded(node), lookUp(allowed, among: node) {
      allowed.forEachByte { byte in
        if let child = trie.child(of: node, byte: byte) { body(&self, child, byte) }
      }
      return
    }
    var child = node + 1
    while child < Int(trie.nodes[node].subtreeEnd) {
      let byte = trie.nodes[child].byte
      if allowed.contains(byte) { body(&self, child, byte) }
      child = Int(trie.nodes[child].subtreeEnd)
    }
  }
}
