//! Schema migrations, counted by `PRAGMA user_version`. Append only: a released migration is
//! never edited, because databases in the wild have already run it.

/// Migration *i* (1-based) takes the schema from version *i - 1* to *i*.
pub const MIGRATIONS: &[&str] = &[
    // 1: catalogue tables. User tables never reference them with foreign keys, so the
    // catalogue can be replaced wholesale when the embedded data changes.
    "CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE cards (
        id TEXT PRIMARY KEY COLLATE NOCASE,
        position INTEGER NOT NULL,
        name_key TEXT NOT NULL,
        \"set\" TEXT NOT NULL, number TEXT NOT NULL, gemp_id TEXT,
        title TEXT NOT NULL, subtitle TEXT,
        side TEXT NOT NULL, type TEXT NOT NULL, starship_class TEXT, rarity TEXT NOT NULL,
        dots TEXT, diamond TEXT, stackable TEXT,
        counters INTEGER, power TEXT, planet TEXT, bonus TEXT, damage INTEGER, destiny INTEGER,
        counters2 INTEGER, destiny2 INTEGER,
        use1_who TEXT, use1_dots INTEGER, use1_cubes INTEGER,
        use2_who TEXT, use2_dots INTEGER, use2_cubes INTEGER,
        use3_who TEXT, use3_dots INTEGER, use3_cubes INTEGER,
        replaces TEXT, traits TEXT, ability TEXT, checked TEXT
    );
    CREATE TABLE printings (
        id INTEGER PRIMARY KEY,
        card_id TEXT NOT NULL COLLATE NOCASE,
        finish TEXT NOT NULL,
        foil_number TEXT, foil_tier TEXT, source TEXT, gemp_id TEXT, note TEXT
    );
    CREATE INDEX printings_card ON printings(card_id);",
];

/// The schema version this build of `yj` writes.
pub fn latest() -> i64 {
    MIGRATIONS.len() as i64
}
