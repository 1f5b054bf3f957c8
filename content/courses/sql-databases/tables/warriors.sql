CREATE TABLE warriors (
    id        integer PRIMARY KEY,
    name      text    NOT NULL,
    rank      text    NOT NULL,
    regiment  text,
    strength  integer,
    joined_on date
);

INSERT INTO warriors (id, name, rank, regiment, strength, joined_on) VALUES
    (1,  'Arjun',  'Captain',    'Archers',  88,   '2019-03-14'),
    (2,  'Bhima',  'Soldier',    'Infantry', 95,   '2020-07-01'),
    (3,  'Chitra', 'Lieutenant', 'Cavalry',  79,   '2018-11-23'),
    (4,  'Devika', 'Soldier',    'Archers',  72,   '2022-01-10'),
    (5,  'Eshan',  'Recruit',    NULL,       60,   '2024-05-02'),
    (6,  'Farah',  'Captain',    'Infantry', 91,   '2017-09-30'),
    (7,  'Gopal',  'Soldier',    'Cavalry',  68,   '2023-02-18'),
    (8,  'Hema',   'Lieutenant', 'Archers',  84,   '2021-06-05'),
    (9,  'Ishaan', 'Recruit',    'Infantry', NULL, '2024-08-19'),
    (10, 'Jaya',   'Soldier',    'Cavalry',  77,   '2020-12-12');
