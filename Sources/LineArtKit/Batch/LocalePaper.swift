/// The paper a page is printed on when `--page` is not given: the locale's.
///
/// The locale is read from the variables passed in (POSIX order: `LC_ALL`, then
/// `LC_PAPER`, then `LANG`; the first one set and not empty decides). Its territory, the
/// `TT` of `language_TT.codeset@modifier`, is US or CA for Letter; every other
/// territory, a locale without one (`C`, `POSIX`) and no locale at all give A4.
public enum LocalePaper {
    /// The territories whose paper is US Letter.
    public static let letterTerritories: Set<String> = ["US", "CA"]

    /// The paper of the locale in `environment` (e.g. `ProcessInfo.processInfo.environment`).
    public static func paper(environment: [String: String]) -> PageSize {
        let locale = ["LC_ALL", "LC_PAPER", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale, let territory = territory(of: locale) else { return .a4 }
        return letterTerritories.contains(territory) ? .letter : .a4
    }

    /// The territory of a locale name, upper-cased: `en_US.UTF-8` gives `US`, `fr_CA@euro`
    /// gives `CA`; nil for a name without one (`C`, `POSIX`, `en`).
    static func territory(of locale: String) -> String? {
        let name = locale.prefix { $0 != "." && $0 != "@" }
        guard let underscore = name.firstIndex(of: "_") else { return nil }
        let territory = name[name.index(after: underscore)...]
        return territory.isEmpty ? nil : territory.uppercased()
    }
}
