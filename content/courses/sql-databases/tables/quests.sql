CREATE TABLE quests (
    id        integer PRIMARY KEY,
    title     text NOT NULL,
    leader_id integer NOT NULL REFERENCES soldiers (id)
);

INSERT INTO quests (id, title, leader_id) VALUES
    (1, 'Guard the eastern pass',  1),
    (2, 'Escort the grain convoy', 3),
    (3, 'Scout the river ford',    3),
    (4, 'Rebuild the south wall',  2);
