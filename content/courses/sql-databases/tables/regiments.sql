CREATE TABLE regiments (
    id        integer PRIMARY KEY,
    name      text NOT NULL,
    home_fort text NOT NULL
);

INSERT INTO regiments (id, name, home_fort) VALUES
    (1, 'Archers',     'Eastwatch'),
    (2, 'Cavalry',     'Riverhold'),
    (3, 'Infantry',    'Stonegate'),
    (4, 'Royal Guard', 'Palace');
