#if Llama
  import Ristretto

  /// Chooses the next token from logits, honouring a token mask (guided generation).
  struct TokenSampler {
    var sampling: GenerationOptions.Sampling
    var temperature: Double
    var random: SplitMix

    init(options: GenerationOptions) {
      sampling = options.sampling ?? .greedy
      temperature = options.temperature ?? 1
      switch sampling {
      case .topK(_, let seed?), .topP(_, let seed?): random = SplitMix(seed: seed)
      default: random = SplitMix(seed: 0x5EED)
      }
    }

    /// The chosen token and the probability the model gave it among the allowed tokens
    /// (computed only when few tokens are allowed, which is when it is wanted: enum choices).
    ///
    /// With a mask, the allowed tokens are its bits plus `extra` (end-of-generation tokens when
    /// the value may end); without one, `isAllowed` decides.
    mutating func pick(
      logits: UnsafePointer<Float>, count: Int, mask: TokenMask?, extra: [Int] = [], allowed isAllowed: (Int) -> Bool
    ) -> (token: Int, probability: Double?) {
      if mask == nil, isGreedy {
        // Fast path for unguided greedy decoding: a plain argmax, checked afterwards.
        var bestToken = 0
        var bestLogit = -Float.infinity
        for token in 0..<count where logits[token] > bestLogit {
          bestLogit = logits[token]
          bestToken = token
        }
        if isAllowed(bestToken) { return (bestToken, nil) }
      }
      var candidates: [(token: Int, logit: Float)] = []
      var best = (token: -1, logit: -Float.infinity)
      func consider(_ token: Int) {
        let logit = logits[token]
        if logit > best.logit { best = (token, logit) }
        if !isGreedy { candidates.append((token, logit)) }
      }
      if let mask {
        if isGreedy {
          mask.words.withUnsafeBufferPointer { words in
            for index in 0..<words.count where words[index] != 0 {
              var bits = words[index]
              while bits != 0 {
                let token = index << 6 | bits.trailingZeroBitCount
                bits &= bits - 1
                if logits[token] > best.logit { best = (token, logits[token]) }
              }
            }
          }
        } else {
          for (index, word) in mask.words.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
              consider(index << 6 | bits.trailingZeroBitCount)
              bits &= bits - 1
            }
          }
        }
        extra.forEach(consider)
      } else {
        for token in 0..<count where isAllowed(token) { consider(token) }
      }
      guard best.token >= 0 else { return (-1, nil) }
      var probability: Double?
      if let mask, mask.allowedCount <= 1024 {
        var total = extra.reduce(0.0) { $0 + exp(Double(logits[$1] - best.logit)) }
        for (index, word) in mask.words.enumerated() where word != 0 {
          var bits = word
          while bits != 0 {
            total += exp(Double(logits[index << 6 | bits.trailingZeroBitCount] - best.logit))
            bits &= bits - 1
          }
        }
        probability = total > 0 ? 1 / total : 1
      }
      guard !isGreedy, temperature > 0 else { return (best.token, probability) }
      return (sample(candidates), probability.map { _ in Self.probability(of: best.token, in: candidates) })
    }

    private var isGreedy: Bool {
      if case .greedy = sampling { return true }
      return temperature <= 0
    }

    private mutating func sample(_ candidates: [(token: Int, logit: Float)]) -> Int {
      var pool = candidates
      switch sampling {
      case .topK(let k, _):
        pool = Self.top(max(1, k), of: pool)
      case .topP(let threshold, _):
        pool = Self.top(64, of: pool)
        let weights = Self.softmax(pool, temperature: temperature)
        var cumulative = 0.0
        var kept = 0
        for weight in weights {
          cumulative += weight
          kept += 1
          if cumulative >= threshold { break }
        }
        pool = Array(pool.prefix(kept))
      case .greedy: break
      }
      let weights = Self.softmax(pool, temperature: temperature)
      var draw = Double(random.next() >> 11) / Double(1 << 53)
      for (candidate, weight) in zip(pool, weights) {
        draw -= weight
        if draw <= 0 { return candidate.token }
      }
      return pool.last?.token ?? candidates[0].token
    }

    /// The `k` highest logits, best first (a bounded selection, not a full sort).
    static func top(_ k: Int, of pool: [(token: Int, logit: Float)]) -> [(token: Int, logit: Float)] {
      guard pool.count > k else { return pool.sorted { $0.logit > $1.logit } }
      var kept = Array(pool.prefix(k)).sorted { $0.logit > $1.logit }
      for candidate in pool.dropFirst(k) where candidate.logit > kept[k - 1].logit {
        var index = k - 1
        while index > 0, kept[index - 1].logit < candidate.logit { index -= 1 }
        kept.insert(candidate, at: index)
        kept.removeLast()
      }
      return kept
    }

    static func softmax(_ pool: [(token: Int, logit: Float)], temperature: Double) -> [Double] {
      let maximum = pool.map(\.logit).max() ?? 0
      let exps = pool.map { exp(Double($0.logit - maximum) / max(temperature, 1e-6)) }
      let total = exps.reduce(0, +)
      return exps.map { $0 / total }
    }

    static func probability(of token: Int, in pool: [(token: Int, logit: Float)]) -> Double {
      let maximum = pool.map(\.logit).max() ?? 0
      var total = 0.0
      var chosen = 0.0
      for candidate in pool {
        let weight = exp(Double(candidate.logit - maximum))
        total += weight
        if candidate.token == token { chosen = weight }
      }
      return total > 0 ? chosen / total : 0
    }
  }

  /// A small seeded generator, so sampled generations are reproducible.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  import Foundation
#endif
