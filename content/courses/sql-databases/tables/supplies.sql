CREATE TABLE supplies (
    id       integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    item     text    NOT NULL UNIQUE,
    quantity integer NOT NULL CHECK (quantity >= 0),
    fort     text    NOT NULL
);
