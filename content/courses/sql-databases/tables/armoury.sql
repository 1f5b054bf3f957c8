CREATE TABLE armoury (
    id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    item_name     text          NOT NULL UNIQUE,
    category      text          NOT NULL,
    quantity      integer       NOT NULL DEFAULT 0 CHECK (quantity >= 0),
    unit_price    numeric(8, 2) NOT NULL CHECK (unit_price > 0),
    is_ceremonial boolean       NOT NULL DEFAULT false
);

INSERT INTO armoury (item_name, category, quantity, unit_price)
VALUES ('Longbow', 'Ranged', 40, 120.00),
       ('Iron sword', 'Melee', 25, 95.50);

INSERT INTO armoury (item_name, category, unit_price, is_ceremonial)
VALUES ('Golden spear', 'Melee', 900.00, true);
