CREATE TABLE soldiers (
    id          integer PRIMARY KEY,
    name        text NOT NULL,
    regiment_id integer REFERENCES regiments (id)
);

INSERT INTO soldiers (id, name, regiment_id) VALUES
    (1, 'Arjun',  1),
    (2, 'Bhima',  3),
    (3, 'Chitra', 2),
    (4, 'Devika', 1),
    (5, 'Eshan',  NULL),
    (6, 'Farah',  3);
