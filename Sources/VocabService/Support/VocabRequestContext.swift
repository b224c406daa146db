public import Hummingbird

/// The request context of the service: Hummingbird's core storage (logger, route, parameters). Bodies are
/// collected by the routes themselves, under the configured bound (``ServiceConfiguration/maximumBodyBytes``).
public struct VocabRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }
}
