CREATE TABLE regiments (
    id   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL UNIQUE,
    fort text NOT NULL
);

CREATE TABLE soldiers (
    id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        text    NOT NULL,
    regiment_id integer NOT NULL REFERENCES regiments (id)
);

CREATE TABLE skills (
    id   integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL UNIQUE
);

CREATE TABLE soldier_skills (
    soldier_id integer NOT NULL REFERENCES soldiers (id),
    skill_id   integer NOT NULL REFERENCES skills (id),
    PRIMARY KEY (soldier_id, skill_id)
);

CREATE TABLE quests (
    id     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title  text NOT NULL UNIQUE,
    region text NOT NULL
);

CREATE TABLE quest_members (
    quest_id   integer NOT NULL REFERENCES quests (id),
    soldier_id integer NOT NULL REFERENCES soldiers (id),
    PRIMARY KEY (quest_id, soldier_id)
);

INSERT INTO regiments (name, fort) VALUES
    ('Archers', 'Eastwatch'), ('Cavalry', 'Riverhold');
INSERT INTO soldiers (name, regiment_id) VALUES
    ('Arjun', 1), ('Devika', 1), ('Chitra', 2);
INSERT INTO skills (name) VALUES
    ('archery'), ('tracking'), ('riding');
INSERT INTO soldier_skills (soldier_id, skill_id) VALUES
    (1, 1), (1, 2), (2, 1), (3, 3), (3, 2);
INSERT INTO quests (title, region) VALUES
    ('Guard the eastern pass', 'East'), ('Scout the river ford', 'River');
INSERT INTO quest_members (quest_id, soldier_id) VALUES
    (1, 1), (1, 2), (2, 3), (2, 1);
