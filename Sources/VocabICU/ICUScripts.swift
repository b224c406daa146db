import CICUShim

/// Unicode script questions answered by ICU (`uscript_getScript`).
public enum ICUScripts {
    /// Whether UTF-16 text holds a character of a script other than Latin, Common, Inherited or Unknown:
    /// text that `Any-Latin` would change. Digits, punctuation, symbols and Latin letters alone do not.
    ///
    /// - Complexity: O(*n*).
    public static func hasOtherScript(_ units: [UInt16]) -> Bool {
        units.withUnsafeBufferPointer { vocab_icu_has_other_script($0.baseAddress, Int32($0.count)) != 0 }
    }
}
