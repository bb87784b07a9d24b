#if Llama
  import CLlama
  import Foundation
  import Ristretto

  /// Initialises llama.cpp's backends once per process.
  enum LlamaBackend {
    static let ready: Void = {
      llama_log_set({ _, _, _ in }, nil)
      llama_backend_init()
    }()

    /// Checks a GGUF file as llama.cpp will read it (``GGUFLayout``, with the linked ggml's own
    /// tensor types) before llama.cpp sees it: llama.cpp aborts the process on some corrupt
    /// files (a duplicated token text) and allocates what a file's counts claim.
    static func validate(_ path: String) throws(LlamaError) {
      do {
        _ = try GGUFLayout(contentsOf: URL(fileURLWithPath: path), tensorTypes: tensorType)
      } catch {
        throw .invalidModelFile(path: path, reason: error.errorDescription ?? "\(error)")
      }
    }

    /// The linked ggml's storage of a tensor type, nil for an unknown or removed one.
    static func tensorType(_ type: UInt32) -> GGUFLayout.TensorType? {
      guard type < GGML_TYPE_COUNT.rawValue else { return nil }
      let blockSize = Int(ggml_blck_size(ggml_type(rawValue: type)))
      let blockBytes = Int(ggml_type_size(ggml_type(rawValue: type)))
      guard blockSize > 0, blockBytes > 0 else { return nil }
      return GGUFLayout.TensorType(blockSize: blockSize, blockBytes: blockBytes)
    }
  }

  /// Owns a loaded `llama_model`; frees it when released.
  final class ModelHandle {
    let pointer: OpaquePointer
    let vocab: OpaquePointer

    init(pointer: OpaquePointer) throws(LlamaError) {
      self.pointer = pointer
      guard let vocab = llama_model_get_vocab(pointer) else {
        llama_model_free(pointer)
        throw .unsupportedModel("the model has no vocabulary")
      }
      self.vocab = vocab
    }

    deinit { llama_model_free(pointer) }
  }

  /// Owns a `llama_context`; frees it when released.
  final class ContextHandle {
    let pointer: OpaquePointer
    let model: ModelHandle

    init(model: ModelHandle, contextSize: Int, threads: Int, promptThreads: Int? = nil) throws(LlamaError) {
      var parameters = llama_context_default_params()
      parameters.n_ctx = UInt32(contextSize)
      parameters.n_batch = 512
      parameters.n_ubatch = 512
      parameters.n_threads = Int32(threads)
      parameters.n_threads_batch = Int32(promptThreads ?? threads)
      parameters.no_perf = true
      guard let pointer = llama_init_from_model(model.pointer, parameters) else {
        throw .contextCreationFailed(contextSize: contextSize)
      }
      self.pointer = pointer
      self.model = model
    }

    deinit { llama_free(pointer) }

    var memory: OpaquePointer? { llama_get_memory(pointer) }
  }

  /// Why the llama.cpp backend could not do something.
  public enum LlamaError: Error, Sendable, Equatable, LocalizedError {
    /// No file at the path.
    case fileNotFound(String)
    /// llama.cpp refused to load the file (corrupt, truncated or an unsupported architecture).
    case loadFailed(String)
    /// The file failed the checks made before llama.cpp reads it (``GGUFLayout``): truncated,
    /// corrupt, or with counts it cannot hold.
    case invalidModelFile(path: String, reason: String)
    /// The model lacks something the backend needs.
    case unsupportedModel(String)
    /// llama.cpp could not create a context of that size.
    case contextCreationFailed(contextSize: Int)
    /// `llama_decode` returned an error code.
    case decodeFailed(code: Int32)
    /// The chat template could not be applied.
    case templateFailed

    /// A sentence saying what happened and what to do.
    public var errorDescription: String? {
      switch self {
      case .fileNotFound(let path):
        "No model file at '\(path)'. Run scripts/install-llama.sh and pass the path it prints (RISTRETTO_MODEL)."
      case .loadFailed(let path):
        "llama.cpp could not load '\(path)': the file is corrupt, truncated or not a supported GGUF model."
      case .invalidModelFile(let path, let reason):
        "'\(path)' is not a GGUF model llama.cpp can load safely: \(reason) Download it again "
          + "(scripts/install-llama.sh checks each model's sha256)."
      case .unsupportedModel(let reason): "The model is not supported: \(reason)."
      case .contextCreationFailed(let size): "llama.cpp could not create a \(size)-token context; try a smaller context size."
      case .decodeFailed(let code): "llama_decode failed with code \(code)."
      case .templateFailed: "The model's chat template could not be applied."
      }
    }
  }
#endif
