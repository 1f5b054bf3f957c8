CREATE TABLE treasury (
    account text PRIMARY KEY,
    gold    integer NOT NULL CHECK (gold >= 0)
);

INSERT INTO treasury (account, gold) VALUES
    ('Royal vault', 5000),
    ('Eastwatch garrison', 300);
