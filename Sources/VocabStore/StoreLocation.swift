import Foundation

/// Where the vocabulary database lives.
public enum StoreLocation {
    /// The database path: `--store`, else `$VOCAB_STORE`, else `$XDG_DATA_HOME/vocab/vocabulary.sqlite`,
    /// else `~/.local/share/vocab/vocabulary.sqlite` (the XDG Base Directory default).
    ///
    /// - Parameters:
    ///   - explicit: The `--store` value, if given.
    ///   - environment: The process environment.
    /// - Returns: An absolute or working-directory-relative path.
    public static func path(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let store = environment["VOCAB_STORE"], !store.isEmpty { return store }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = home + "/.local/share"
        }
        return dataHome + "/vocab/vocabulary.sqlite"
    }
}
