extension GenerationOptions {
  /// Checks that every option can be honoured.
  ///
  /// - Throws: ``GenerationError/invalidOptions(_:)`` naming the first option that cannot: a
  ///   response limit below one token, a temperature that is negative or not finite, top-k
  ///   below one, or a top-p threshold outside (0, 1].
  public func validated() throws(GenerationError) -> GenerationOptions {
    if let limit = maximumResponseTokens, limit < 1 {
      throw .invalidOptions("maximumResponseTokens is \(limit); use at least 1, or nil for the backend's default")
    }
    if let temperature, !(temperature.isFinite && temperature >= 0) {
      throw .invalidOptions("temperature is \(temperature); use a finite value of 0 or more")
    }
    switch sampling {
    case .topK(let k, _) where k < 1: throw .invalidOptions("top-k sampling with k = \(k); use at least 1")
    case .topP(let threshold, _) where !(threshold > 0 && threshold <= 1):
      throw .invalidOptions("top-p sampling with a threshold of \(threshold); use a value in (0, 1]")
    default: return self
    }
  }

  /// The tokens to keep free for the response: ``maximumResponseTokens``, else the default reserve.
  var responseReserve: Int { maximumResponseTokens ?? HistoryPolicy.defaultResponseReserve }
}
