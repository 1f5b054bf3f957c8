CREATE TABLE citizens (
    id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       text    NOT NULL,
    village    text    NOT NULL,
    birth_year integer NOT NULL
);

INSERT INTO citizens (name, village, birth_year)
SELECT 'Citizen ' || n,
       'Village ' || (n % 500),
       1940 + (n % 80)
FROM generate_series(1, 100000) AS n;

ANALYZE citizens;
