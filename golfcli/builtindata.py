"""Every built-in variant as data: its YAML's text, the data and the line
of each key (golfcli/variantload.py reads it instead of the YAML).

Made by ``python scripts/make_builtins.py``; do not edit."""

TYPE_CHECKING = False  # (typing itself is not imported for this)
if TYPE_CHECKING:
    from typing import Any

BUILTINS: "dict[str, Any]" = {'six-card': ('# Six-card Golf, the most common table game (docs/rules.md §10; seed 003 with '
              '002).\n'
              '# Every key here is a general rule switch; see docs/variants.md.\n'
              'name: six-card\n'
              'description: Six cards in two rows of three; a pair in a column scores zero; 9 '
              'holes.\n'
              'players: 2-12            # 003: one pack for 2-4, two for 5-8, three for 9 or more\n'
              'grid: {rows: 2, cols: 3}\n'
              'deck:\n'
              '  packs: {2-4: 1, 5-8: 2, 9+: 3}\n'
              '  jokers_per_pack: 0\n'
              'values:\n'
              '  ranks: {A: 1, 2: -2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, J: 10, Q: '
              '10, K: 0}\n'
              '  cards: {}\n'
              'patterns:\n'
              '  # A pair of equal rank in a column scores 0 -- a pair of twos too (003).\n'
              '  - kind: column_pair\n'
              '    cards: zero\n'
              'adjustments: []\n'
              'start:\n'
              '  reveal: 2              # each player turns up any two cards\n'
              '  peek: 0\n'
              'turn:\n'
              '  draw_from: [stock, discard]\n'
              '  flip_after_discard: required   # discarding the stock card, you turn one '
              'face-down card up\n'
              '  flip_after_discard_phase: any\n'
              '  flip_instead_of_draw: false\n'
              '  knock: false\n'
              '  bunker_shot: false\n'
              '  approach_shot: false\n'
              '  look_again: false\n'
              'end:\n'
              '  all_face_up: true       # all six face up ends the hole ...\n'
              '  final_turns: each_other # ... after each other player has one last turn\n'
              '  frozen_discard: false\n'
              '  turn_limit: 50          # a hole still running after 50 turns per seat is scored '
              'as it lies\n'
              '  stock_empty: reshuffle  # keep the top discard, shuffle the rest into a new '
              'stock\n'
              'game:\n'
              '  holes: 9\n'
              '  target: null\n'
              '  target_rule: reach\n'
              '  max_holes: null\n'
              '  scoring: stroke\n'
              '  ties: share             # 003: players who tie share the win\n'
              '  max_playoff_holes: 9\n'
              'partners:\n'
              '  group_size: 2\n'
              '  player_counts: []\n',
              {'name': 'six-card',
               'description': 'Six cards in two rows of three; a pair in a column scores zero; 9 '
                              'holes.',
               'players': '2-12',
               'grid': {'rows': 2, 'cols': 3},
               'deck': {'packs': {'2-4': 1, '5-8': 2, '9+': 3}, 'jokers_per_pack': 0},
               'values': {'ranks': {'A': 1,
                                    2: -2,
                                    3: 3,
                                    4: 4,
                                    5: 5,
                                    6: 6,
                                    7: 7,
                                    8: 8,
                                    9: 9,
                                    10: 10,
                                    'J': 10,
                                    'Q': 10,
                                    'K': 0},
                          'cards': {}},
               'patterns': [{'kind': 'column_pair', 'cards': 'zero'}],
               'adjustments': [],
               'start': {'reveal': 2, 'peek': 0},
               'turn': {'draw_from': ['stock', 'discard'],
                        'flip_after_discard': 'required',
                        'flip_after_discard_phase': 'any',
                        'flip_instead_of_draw': False,
                        'knock': False,
                        'bunker_shot': False,
                        'approach_shot': False,
                        'look_again': False},
               'end': {'all_face_up': True,
                       'final_turns': 'each_other',
                       'frozen_discard': False,
                       'turn_limit': 50,
                       'stock_empty': 'reshuffle'},
               'game': {'holes': 9,
                        'target': None,
                        'target_rule': 'reach',
                        'max_holes': None,
                        'scoring': 'stroke',
                        'ties': 'share',
                        'max_playoff_holes': 9},
               'partners': {'group_size': 2, 'player_counts': []}},
              (((), 3),
               (('name',), 3),
               (('description',), 4),
               (('players',), 5),
               (('grid',), 6),
               (('grid', 'rows'), 6),
               (('grid', 'cols'), 6),
               (('deck',), 7),
               (('deck', 'packs'), 8),
               (('deck', 'packs', '2-4'), 8),
               (('deck', 'packs', '5-8'), 8),
               (('deck', 'packs', '9+'), 8),
               (('deck', 'jokers_per_pack'), 9),
               (('values',), 10),
               (('values', 'ranks'), 11),
               (('values', 'ranks', 'A'), 11),
               (('values', 'ranks', 2), 11),
               (('values', 'ranks', 3), 11),
               (('values', 'ranks', 4), 11),
               (('values', 'ranks', 5), 11),
               (('values', 'ranks', 6), 11),
               (('values', 'ranks', 7), 11),
               (('values', 'ranks', 8), 11),
               (('values', 'ranks', 9), 11),
               (('values', 'ranks', 10), 11),
               (('values', 'ranks', 'J'), 11),
               (('values', 'ranks', 'Q'), 11),
               (('values', 'ranks', 'K'), 11),
               (('values', 'cards'), 12),
               (('patterns',), 13),
               (('patterns', 0), 15),
               (('patterns', 0, 'kind'), 15),
               (('patterns', 0, 'cards'), 16),
               (('adjustments',), 17),
               (('start',), 18),
               (('start', 'reveal'), 19),
               (('start', 'peek'), 20),
               (('turn',), 21),
               (('turn', 'draw_from'), 22),
               (('turn', 'draw_from', 0), 22),
               (('turn', 'draw_from', 1), 22),
               (('turn', 'flip_after_discard'), 23),
               (('turn', 'flip_after_discard_phase'), 24),
               (('turn', 'flip_instead_of_draw'), 25),
               (('turn', 'knock'), 26),
               (('turn', 'bunker_shot'), 27),
               (('turn', 'approach_shot'), 28),
               (('turn', 'look_again'), 29),
               (('end',), 30),
               (('end', 'all_face_up'), 31),
               (('end', 'final_turns'), 32),
               (('end', 'frozen_discard'), 33),
               (('end', 'turn_limit'), 34),
               (('end', 'stock_empty'), 35),
               (('game',), 36),
               (('game', 'holes'), 37),
               (('game', 'target'), 38),
               (('game', 'target_rule'), 39),
               (('game', 'max_holes'), 40),
               (('game', 'scoring'), 41),
               (('game', 'ties'), 42),
               (('game', 'max_playoff_holes'), 43),
               (('partners',), 44),
               (('partners', 'group_size'), 45),
               (('partners', 'player_counts'), 46))),
 'four-card': ('# Four-card Golf (docs/rules.md §10; seeds 002, 003): a memory game.\n'
               '# Each player peeks at two of their four cards once; they are laid back face\n'
               '# down and hidden from everyone.  A player may knock instead of drawing;\n'
               '# every other player then has one final turn.  A layout turned all face up\n'
               '# also ends the hole.\n'
               '# Decision: after discarding a stock card the player MAY turn a card up\n'
               '# (002: "play proceeds as in six-card golf", where flipping is optional).\n'
               'name: four-card\n'
               'description: Four cards in a 2x2 square, two peeked at and remembered; knock to '
               'end the hole.\n'
               'extends: six-card\n'
               'grid: {rows: 2, cols: 2}\n'
               'start:\n'
               '  reveal: 0\n'
               '  peek: 2\n'
               'turn:\n'
               '  flip_after_discard: optional\n'
               '  knock: true\n',
               {'name': 'four-card',
                'description': 'Four cards in a 2x2 square, two peeked at and remembered; knock to '
                               'end the hole.',
                'extends': 'six-card',
                'grid': {'rows': 2, 'cols': 2},
                'start': {'reveal': 0, 'peek': 2},
                'turn': {'flip_after_discard': 'optional', 'knock': True}},
               (((), 8),
                (('name',), 8),
                (('description',), 9),
                (('extends',), 10),
                (('grid',), 11),
                (('grid', 'rows'), 11),
                (('grid', 'cols'), 11),
                (('start',), 12),
                (('start', 'reveal'), 13),
                (('start', 'peek'), 14),
                (('turn',), 15),
                (('turn', 'flip_after_discard'), 16),
                (('turn', 'knock'), 17))),
 'nine-card': ('# Nine-card Golf (docs/rules.md §10; seeds 003, 002): a 3x3 grid from two packs.\n'
               '# Only a full column of three equal cards scores zero; a pair in a column\n'
               '# counts normally (house options: rows, diagonals, any column pair, the 2x2\n'
               '# block; see configs/variants/).\n'
               'name: nine-card\n'
               'description: Nine cards in a 3x3 grid, two packs; a column of three equal cards '
               'scores zero.\n'
               'extends: six-card\n'
               'players: 2-11\n'
               'grid: {rows: 3, cols: 3}\n'
               'deck:\n'
               '  packs: 2\n'
               '  jokers_per_pack: 0\n'
               'patterns:\n'
               '  - kind: column\n'
               '    cards: zero\n'
               'start:\n'
               '  reveal: 3\n',
               {'name': 'nine-card',
                'description': 'Nine cards in a 3x3 grid, two packs; a column of three equal cards '
                               'scores zero.',
                'extends': 'six-card',
                'players': '2-11',
                'grid': {'rows': 3, 'cols': 3},
                'deck': {'packs': 2, 'jokers_per_pack': 0},
                'patterns': [{'kind': 'column', 'cards': 'zero'}],
                'start': {'reveal': 3}},
               (((), 5),
                (('name',), 5),
                (('description',), 6),
                (('extends',), 7),
                (('players',), 8),
                (('grid',), 9),
                (('grid', 'rows'), 9),
                (('grid', 'cols'), 9),
                (('deck',), 10),
                (('deck', 'packs'), 11),
                (('deck', 'jokers_per_pack'), 12),
                (('patterns',), 13),
                (('patterns', 0), 14),
                (('patterns', 0, 'kind'), 14),
                (('patterns', 0, 'cards'), 15),
                (('start',), 16),
                (('start', 'reveal'), 17))),
 'alberta': ('# Alberta Deluxe Cards Golf (docs/rules.md §10; seed 000), by Kelly Grant.\n'
             '# 18 cards in three rows of six per player, or per partner group: with 4 or\n'
             '# 6 players, partners sit alternately (A & C against B & D) and share one\n'
             '# layout, taking turns on it in seat order.  Clubs change some values, so\n'
             '# type suits where they matter (A-C = -2; K-C, Q-C, J-C, 10-C = -1).\n'
             'name: alberta\n'
             'description: 18 cards in three rows of six, partners share a layout; club specials, '
             'jokers -3, twin columns -18.\n'
             'players: [2, 3, 4, 6]\n'
             'grid: {rows: 3, cols: 6}\n'
             'deck:\n'
             '  packs: {2-4: 2, 5-6: 3}\n'
             '  jokers_per_pack: 2     # "all 54 cards"\n'
             'values:\n'
             '  ranks: {joker: -3, A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, '
             'J: 10, Q: 10, K: 0}\n'
             '  cards: {AC: -2, KC: -1, QC: -1, JC: -1, 10C: -1}\n'
             'patterns:\n'
             '  # A column of three equal cards scores 0, wiping out negative cards too.\n'
             '  - kind: column\n'
             '    cards: zero\n'
             '  # Two side-by-side columns, all six cards equal: -18 for the two columns.\n'
             '  # Pairs of columns do not overlap; they are taken left to right.\n'
             '  - kind: twin_columns\n'
             '    adjacent: true\n'
             '    cards: zero\n'
             '    bonus: -18\n'
             'adjustments: []\n'
             'start:\n'
             '  reveal: 3\n'
             '  peek: 0\n'
             'turn:\n'
             '  draw_from: [stock, discard]\n'
             '  flip_after_discard: required   # 000 (c): discard the new card, then flip one up\n'
             '  flip_after_discard_phase: any\n'
             '  flip_instead_of_draw: false\n'
             '  knock: false\n'
             '  bunker_shot: false     # 000 variant option (b); switch on in your own file\n'
             '  approach_shot: false\n'
             '  look_again: false\n'
             'end:\n'
             '  all_face_up: true\n'
             '  final_turns: each_other   # everyone else, the partner included, gets one more '
             'turn\n'
             '  frozen_discard: false\n'
             '  turn_limit: 60\n'
             '  stock_empty: reshuffle\n'
             'game:\n'
             '  holes: 9\n'
             '  target: null\n'
             '  target_rule: reach\n'
             '  max_holes: null\n'
             "  scoring: stroke           # set to match for 000's match play\n"
             '  ties: playoff             # 000 (e): extra holes among the tied sides\n'
             '  max_playoff_holes: 9\n'
             'partners:\n'
             '  group_size: 2\n'
             '  player_counts: [4, 6]\n',
             {'name': 'alberta',
              'description': '18 cards in three rows of six, partners share a layout; club '
                             'specials, jokers -3, twin columns -18.',
              'players': [2, 3, 4, 6],
              'grid': {'rows': 3, 'cols': 6},
              'deck': {'packs': {'2-4': 2, '5-6': 3}, 'jokers_per_pack': 2},
              'values': {'ranks': {'joker': -3,
                                   'A': 1,
                                   2: 2,
                                   3: 3,
                                   4: 4,
                                   5: 5,
                                   6: 6,
                                   7: 7,
                                   8: 8,
                                   9: 9,
                                   10: 10,
                                   'J': 10,
                                   'Q': 10,
                                   'K': 0},
                         'cards': {'AC': -2, 'KC': -1, 'QC': -1, 'JC': -1, '10C': -1}},
              'patterns': [{'kind': 'column', 'cards': 'zero'},
                           {'kind': 'twin_columns',
                            'adjacent': True,
                            'cards': 'zero',
                            'bonus': -18}],
              'adjustments': [],
              'start': {'reveal': 3, 'peek': 0},
              'turn': {'draw_from': ['stock', 'discard'],
                       'flip_after_discard': 'required',
                       'flip_after_discard_phase': 'any',
                       'flip_instead_of_draw': False,
                       'knock': False,
                       'bunker_shot': False,
                       'approach_shot': False,
                       'look_again': False},
              'end': {'all_face_up': True,
                      'final_turns': 'each_other',
                      'frozen_discard': False,
                      'turn_limit': 60,
                      'stock_empty': 'reshuffle'},
              'game': {'holes': 9,
                       'target': None,
                       'target_rule': 'reach',
                       'max_holes': None,
                       'scoring': 'stroke',
                       'ties': 'playoff',
                       'max_playoff_holes': 9},
              'partners': {'group_size': 2, 'player_counts': [4, 6]}},
             (((), 6),
              (('name',), 6),
              (('description',), 7),
              (('players',), 8),
              (('players', 0), 8),
              (('players', 1), 8),
              (('players', 2), 8),
              (('players', 3), 8),
              (('grid',), 9),
              (('grid', 'rows'), 9),
              (('grid', 'cols'), 9),
              (('deck',), 10),
              (('deck', 'packs'), 11),
              (('deck', 'packs', '2-4'), 11),
              (('deck', 'packs', '5-6'), 11),
              (('deck', 'jokers_per_pack'), 12),
              (('values',), 13),
              (('values', 'ranks'), 14),
              (('values', 'ranks', 'joker'), 14),
              (('values', 'ranks', 'A'), 14),
              (('values', 'ranks', 2), 14),
              (('values', 'ranks', 3), 14),
              (('values', 'ranks', 4), 14),
              (('values', 'ranks', 5), 14),
              (('values', 'ranks', 6), 14),
              (('values', 'ranks', 7), 14),
              (('values', 'ranks', 8), 14),
              (('values', 'ranks', 9), 14),
              (('values', 'ranks', 10), 14),
              (('values', 'ranks', 'J'), 14),
              (('values', 'ranks', 'Q'), 14),
              (('values', 'ranks', 'K'), 14),
              (('values', 'cards'), 15),
              (('values', 'cards', 'AC'), 15),
              (('values', 'cards', 'KC'), 15),
              (('values', 'cards', 'QC'), 15),
              (('values', 'cards', 'JC'), 15),
              (('values', 'cards', '10C'), 15),
              (('patterns',), 16),
              (('patterns', 0), 18),
              (('patterns', 0, 'kind'), 18),
              (('patterns', 0, 'cards'), 19),
              (('patterns', 1), 22),
              (('patterns', 1, 'kind'), 22),
              (('patterns', 1, 'adjacent'), 23),
              (('patterns', 1, 'cards'), 24),
              (('patterns', 1, 'bonus'), 25),
              (('adjustments',), 26),
              (('start',), 27),
              (('start', 'reveal'), 28),
              (('start', 'peek'), 29),
              (('turn',), 30),
              (('turn', 'draw_from'), 31),
              (('turn', 'draw_from', 0), 31),
              (('turn', 'draw_from', 1), 31),
              (('turn', 'flip_after_discard'), 32),
              (('turn', 'flip_after_discard_phase'), 33),
              (('turn', 'flip_instead_of_draw'), 34),
              (('turn', 'knock'), 35),
              (('turn', 'bunker_shot'), 36),
              (('turn', 'approach_shot'), 37),
              (('turn', 'look_again'), 38),
              (('end',), 39),
              (('end', 'all_face_up'), 40),
              (('end', 'final_turns'), 41),
              (('end', 'frozen_discard'), 42),
              (('end', 'turn_limit'), 43),
              (('end', 'stock_empty'), 44),
              (('game',), 45),
              (('game', 'holes'), 46),
              (('game', 'target'), 47),
              (('game', 'target_rule'), 48),
              (('game', 'max_holes'), 49),
              (('game', 'scoring'), 50),
              (('game', 'ties'), 51),
              (('game', 'max_playoff_holes'), 52),
              (('partners',), 53),
              (('partners', 'group_size'), 54),
              (('partners', 'player_counts'), 55),
              (('partners', 'player_counts', 0), 55),
              (('partners', 'player_counts', 1), 55))),
 'duel': ('# Duel: six-card Golf with joker penalties, played to 50; made for two players,\n'
          '# playable by up to four\n'
          '# (docs/rules.md §10; seed 004).  Discarding a stock card flips nothing: cards turn\n'
          "# up only by being replaced.  When a player's last face-down card is\n"
          '# replaced, the opponent has one final turn and must draw from the stock.\n'
          '# With more than two players the +10 penalties go to every opponent.\n'
          'name: duel\n'
          'description: Six-card Golf for two (up to four) with jokers; joker pairs and four of a '
          'kind cost each opponent 10; play to 50.\n'
          'extends: six-card\n'
          'players: 2-4\n'
          'deck:\n'
          '  packs: 1\n'
          '  jokers_per_pack: 2\n'
          'values:\n'
          '  ranks: {joker: -2, A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, J: '
          '10, Q: 10, K: 0}\n'
          'patterns:\n'
          '  # Two jokers in a column do NOT cancel: they count -4 and add 10 to the opponent.\n'
          '  - kind: column_pair\n'
          '    name: joker pair\n'
          '    ranks: [joker]\n'
          '    cards: keep\n'
          '    opponents: 10\n'
          '  - kind: column_pair\n'
          '    except: [joker]\n'
          '    cards: zero\n'
          '  # Four of a kind filling two columns adds 10 to the opponent.\n'
          '  - kind: twin_columns\n'
          '    name: four of a kind\n'
          '    adjacent: false\n'
          '    cards: zero\n'
          '    opponents: 10\n'
          'turn:\n'
          '  flip_after_discard: never\n'
          'end:\n'
          '  frozen_discard: true\n'
          'game:\n'
          '  holes: null\n'
          '  target: 50\n'
          '  target_rule: reach\n'
          '  ties: share\n',
          {'name': 'duel',
           'description': 'Six-card Golf for two (up to four) with jokers; joker pairs and four of '
                          'a kind cost each opponent 10; play to 50.',
           'extends': 'six-card',
           'players': '2-4',
           'deck': {'packs': 1, 'jokers_per_pack': 2},
           'values': {'ranks': {'joker': -2,
                                'A': 1,
                                2: 2,
                                3: 3,
                                4: 4,
                                5: 5,
                                6: 6,
                                7: 7,
                                8: 8,
                                9: 9,
                                10: 10,
                                'J': 10,
                                'Q': 10,
                                'K': 0}},
           'patterns': [{'kind': 'column_pair',
                         'name': 'joker pair',
                         'ranks': ['joker'],
                         'cards': 'keep',
                         'opponents': 10},
                        {'kind': 'column_pair', 'except': ['joker'], 'cards': 'zero'},
                        {'kind': 'twin_columns',
                         'name': 'four of a kind',
                         'adjacent': False,
                         'cards': 'zero',
                         'opponents': 10}],
           'turn': {'flip_after_discard': 'never'},
           'end': {'frozen_discard': True},
           'game': {'holes': None, 'target': 50, 'target_rule': 'reach', 'ties': 'share'}},
          (((), 7),
           (('name',), 7),
           (('description',), 8),
           (('extends',), 9),
           (('players',), 10),
           (('deck',), 11),
           (('deck', 'packs'), 12),
           (('deck', 'jokers_per_pack'), 13),
           (('values',), 14),
           (('values', 'ranks'), 15),
           (('values', 'ranks', 'joker'), 15),
           (('values', 'ranks', 'A'), 15),
           (('values', 'ranks', 2), 15),
           (('values', 'ranks', 3), 15),
           (('values', 'ranks', 4), 15),
           (('values', 'ranks', 5), 15),
           (('values', 'ranks', 6), 15),
           (('values', 'ranks', 7), 15),
           (('values', 'ranks', 8), 15),
           (('values', 'ranks', 9), 15),
           (('values', 'ranks', 10), 15),
           (('values', 'ranks', 'J'), 15),
           (('values', 'ranks', 'Q'), 15),
           (('values', 'ranks', 'K'), 15),
           (('patterns',), 16),
           (('patterns', 0), 18),
           (('patterns', 0, 'kind'), 18),
           (('patterns', 0, 'name'), 19),
           (('patterns', 0, 'ranks'), 20),
           (('patterns', 0, 'ranks', 0), 20),
           (('patterns', 0, 'cards'), 21),
           (('patterns', 0, 'opponents'), 22),
           (('patterns', 1), 23),
           (('patterns', 1, 'kind'), 23),
           (('patterns', 1, 'except'), 24),
           (('patterns', 1, 'except', 0), 24),
           (('patterns', 1, 'cards'), 25),
           (('patterns', 2), 27),
           (('patterns', 2, 'kind'), 27),
           (('patterns', 2, 'name'), 28),
           (('patterns', 2, 'adjacent'), 29),
           (('patterns', 2, 'cards'), 30),
           (('patterns', 2, 'opponents'), 31),
           (('turn',), 32),
           (('turn', 'flip_after_discard'), 33),
           (('end',), 34),
           (('end', 'frozen_discard'), 35),
           (('game',), 36),
           (('game', 'holes'), 37),
           (('game', 'target'), 38),
           (('game', 'target_rule'), 39),
           (('game', 'ties'), 40)))}
