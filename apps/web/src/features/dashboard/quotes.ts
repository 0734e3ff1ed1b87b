/** One quotation for the dashboard's tip card: its words and who said or wrote them. */
export interface Quote {
  text: string;
  /** The author, sometimes with a short role or the work it comes from. */
  from: string;
}

/**
 * The built-in quotations (docs/product/dashboard.md). Only quotations whose wording and
 * attribution are documented belong here: the author's own books, letters, speeches and
 * interviews, or a named early source for the ancients. The work is named in `from` or in the
 * comment after the entry, so a doubtful one can be checked and removed. Translations follow one
 * standard English version (e.g. Gummere's or Costa's Seneca, Long's or Hays's Marcus Aurelius,
 * Legge's Analects). Typographic apostrophes and quotation marks throughout.
 */
export const QUOTES: readonly Quote[] = [
  // Seneca
  {
    text: 'It is not that we have a short time to live, but that we waste a lot of it.',
    from: 'Seneca',
  }, // On the Shortness of Life 1
  { text: 'Life is long if you know how to use it.', from: 'Seneca' }, // On the Shortness of Life 2
  {
    text: 'The greatest obstacle to living is expectancy, which hangs upon tomorrow and loses today.',
    from: 'Seneca',
  }, // On the Shortness of Life 9
  { text: 'Nothing, Lucilius, is ours, except time.', from: 'Seneca' }, // Letters 1
  {
    text: 'Hold every hour in your grasp. Lay hold of today’s task, and you will not need to depend so much upon tomorrow’s.',
    from: 'Seneca',
  }, // Letters 1
  { text: 'While we are postponing, life speeds by.', from: 'Seneca' }, // Letters 1
  {
    text: 'Begin at once to live, and count each separate day as a separate life.',
    from: 'Seneca',
  }, // Letters 101
  { text: 'We suffer more often in imagination than in reality.', from: 'Seneca' }, // Letters 13
  {
    text: 'Our plans miscarry because they have no aim. When a man does not know what harbour he is making for, no wind is the right wind.',
    from: 'Seneca',
  }, // Letters 71
  { text: 'Everywhere means nowhere.', from: 'Seneca' }, // Letters 2
  { text: 'Men learn while they teach.', from: 'Seneca' }, // Letters 7
  {
    text: 'Associate with those who will make a better man of you. Welcome those whom you yourself can improve.',
    from: 'Seneca',
  }, // Letters 7
  {
    text: 'The road is long if one follows precepts, but short and helpful, if one follows patterns.',
    from: 'Seneca',
  }, // Letters 6
  {
    text: 'It is not the man who has too little, but the man who craves more, that is poor.',
    from: 'Seneca',
  }, // Letters 2
  { text: 'You need a change of soul rather than a change of climate.', from: 'Seneca' }, // Letters 28
  { text: 'No man was ever wise by chance.', from: 'Seneca' }, // Letters 76
  { text: 'Fire tests gold, suffering tests brave men.', from: 'Seneca' }, // On Providence 5
  { text: 'The greatest remedy for anger is delay.', from: 'Seneca' }, // On Anger 2.29
  {
    text: 'Wherever there is a human being, there is an opportunity for a kindness.',
    from: 'Seneca',
  }, // On the Happy Life 24
  {
    text: 'Men do not care how nobly they live, but only how long, although it is within the reach of every man to live nobly, but within no man’s power to live long.',
    from: 'Seneca',
  }, // Letters 22

  // Marcus Aurelius, Meditations
  {
    text: 'The impediment to action advances action. What stands in the way becomes the way.',
    from: 'Marcus Aurelius',
  }, // 5.20 (Hays)
  {
    text: 'At dawn, when you have trouble getting out of bed, tell yourself: “I have to go to work — as a human being.”',
    from: 'Marcus Aurelius',
  }, // 5.1 (Hays)
  {
    text: 'If it is not right, do not do it: if it is not true, do not say it.',
    from: 'Marcus Aurelius',
  }, // 12.17 (Long)
  {
    text: 'No longer talk at all about the kind of man that a good man ought to be, but be such.',
    from: 'Marcus Aurelius',
  }, // 10.16 (Long)
  {
    text: 'Such as are thy habitual thoughts, such also will be the character of thy mind; for the soul is dyed by the thoughts.',
    from: 'Marcus Aurelius',
  }, // 5.16 (Long)
  {
    text: 'Look within. Within is the fountain of good, and it will ever bubble up, if thou wilt ever dig.',
    from: 'Marcus Aurelius',
  }, // 7.59 (Long)
  {
    text: 'The best way of avenging thyself is not to become like the wrong doer.',
    from: 'Marcus Aurelius',
  }, // 6.6 (Long)
  {
    text: 'If a thing is difficult to be accomplished by thyself, do not think that it is impossible for man.',
    from: 'Marcus Aurelius',
  }, // 6.19 (Long)
  {
    text: 'Let not future things disturb thee, for thou wilt come to them, if it shall be necessary, having with thee the same reason which now thou usest for present things.',
    from: 'Marcus Aurelius',
  }, // 7.8 (Long)
  {
    text: 'Do external things distract you? Then make time for yourself to learn something worthwhile; stop letting yourself be pulled in all directions.',
    from: 'Marcus Aurelius',
  }, // 2.7 (Hays)
  {
    text: 'Concentrate every minute like a Roman — like a man — on doing what’s in front of you with precise and genuine seriousness, tenderly, willingly, with justice.',
    from: 'Marcus Aurelius',
  }, // 2.5 (Hays)
  {
    text: 'You could leave life right now. Let that determine what you do and say and think.',
    from: 'Marcus Aurelius',
  }, // 2.11 (Hays)
  {
    text: 'Dwell on the beauty of life. Watch the stars, and see yourself running with them.',
    from: 'Marcus Aurelius',
  }, // 7.47 (Hays)
  {
    text: 'If thou art pained by any external thing, it is not this thing that disturbs thee, but thy own judgement about it.',
    from: 'Marcus Aurelius',
  }, // 8.47 (Long)
  {
    text: 'It never ceases to amaze me: we all love ourselves more than other people, but care more about their opinion than our own.',
    from: 'Marcus Aurelius',
  }, // 12.4 (Hays)
  {
    text: 'Don’t be ashamed to need help. Like a soldier storming a wall, you have a mission to accomplish.',
    from: 'Marcus Aurelius',
  }, // 7.7 (Hays)

  // Epictetus
  {
    text: 'Men are disturbed not by the things which happen, but by the opinions about the things.',
    from: 'Epictetus',
  }, // Enchiridion 5 (Long)
  {
    text: 'If you want to improve, be content to be thought foolish and stupid.',
    from: 'Epictetus',
  }, // Enchiridion 13
  {
    text: 'First say to yourself what you would be; and then do what you have to do.',
    from: 'Epictetus',
  }, // Discourses 3.23
  {
    text: 'No great thing is created suddenly, any more than a bunch of grapes or a fig.',
    from: 'Epictetus',
  }, // Discourses 1.15
  {
    text: 'It is impossible for a man to learn what he thinks he already knows.',
    from: 'Epictetus',
  }, // Discourses 2.17
  { text: 'It is difficulties that show what men are.', from: 'Epictetus' }, // Discourses 1.24
  {
    text: 'Every habit and faculty is maintained and increased by the corresponding actions: the habit of walking by walking, the habit of running by running.',
    from: 'Epictetus',
  }, // Discourses 2.18
  { text: 'If you would be a good reader, read; if a writer, write.', from: 'Epictetus' }, // Discourses 2.18
  { text: 'Only the educated are free.', from: 'Epictetus' }, // Discourses 2.1
  { text: 'Of things some are in our power, and others are not.', from: 'Epictetus' }, // Enchiridion 1 (Long)
  {
    text: 'Practice yourself, for heaven’s sake, in little things; and thence proceed to greater.',
    from: 'Epictetus',
  }, // Discourses 1.18

  // Classical antiquity
  {
    text: 'For the things we have to learn before we can do them, we learn by doing them.',
    from: 'Aristotle, Nicomachean Ethics',
  },
  {
    text: 'One swallow does not make a summer, nor does one day; and so too one day, or a short time, does not make a man blessed and happy.',
    from: 'Aristotle, Nicomachean Ethics',
  },
  {
    text: 'We become just by doing just acts, temperate by doing temperate acts, brave by doing brave acts.',
    from: 'Aristotle, Nicomachean Ethics',
  },
  { text: 'The beginning is the most important part of any work.', from: 'Plato, The Republic' },
  { text: 'The unexamined life is not worth living.', from: 'Socrates, in Plato’s Apology' },
  {
    text: 'The journey of a thousand miles begins with one step.',
    from: 'Lao Tzu, Tao Te Ching',
  }, // ch. 64
  {
    text: 'He who knows others is wise; he who knows himself is enlightened.',
    from: 'Lao Tzu, Tao Te Ching',
  }, // ch. 33
  {
    text: 'Learning without thought is labour lost; thought without learning is perilous.',
    from: 'Confucius, Analects',
  }, // 2.15 (Legge)
  {
    text: 'When you know a thing, to hold that you know it; and when you do not know a thing, to allow that you do not know it — this is knowledge.',
    from: 'Confucius, Analects',
  }, // 2.17 (Legge)
  {
    text: 'When we see men of worth, we should think of equalling them; when we see men of a contrary character, we should turn inwards and examine ourselves.',
    from: 'Confucius, Analects',
  }, // 4.17 (Legge)
  {
    text: 'The superior man is modest in his speech, but exceeds in his actions.',
    from: 'Confucius, Analects',
  }, // 14.29 (Legge)
  {
    text: 'Is it not pleasant to learn with a constant perseverance and application?',
    from: 'Confucius, Analects',
  }, // 1.1 (Legge)
  {
    text: 'Seize the day, putting as little trust as possible in tomorrow.',
    from: 'Horace, Odes',
  }, // 1.11, carpe diem
  { text: 'He who has begun has half done. Dare to be wise; begin!', from: 'Horace, Epistles' }, // 1.2
  { text: 'They can because they think they can.', from: 'Virgil, Aeneid' }, // 5.231
  { text: 'Fortune favours the bold.', from: 'Virgil, Aeneid' }, // 10.284
  { text: 'Be patient and tough; some day this pain will be useful to you.', from: 'Ovid, Amores' }, // 3.11
  { text: 'Make haste slowly.', from: 'Augustus, as reported by Suetonius' }, // Augustus 25
  {
    text: 'Life is short, the art long, opportunity fleeting, experience treacherous, judgement difficult.',
    from: 'Hippocrates, Aphorisms',
  },
  { text: 'It is a bad plan that admits of no modification.', from: 'Publilius Syrus' }, // Sententiae
  { text: 'There is no royal road to geometry.', from: 'Euclid, as reported by Proclus' },
  {
    text: 'For the mind does not require filling like a bottle, but rather, like wood, it only requires kindling to create in it an impulse to think independently and an ardent desire for the truth.',
    from: 'Plutarch, On Listening',
  }, // Moralia (Babbitt)
  {
    text: 'Work is no disgrace: it is idleness which is a disgrace.',
    from: 'Hesiod, Works and Days',
  },
  {
    text: 'To every thing there is a season, and a time to every purpose under the heaven.',
    from: 'Ecclesiastes 3:1',
  }, // King James Version
  {
    text: 'Whatsoever thy hand findeth to do, do it with thy might.',
    from: 'Ecclesiastes 9:10',
  }, // King James Version
  {
    text: 'Go to the ant, thou sluggard; consider her ways, and be wise.',
    from: 'Proverbs 6:6',
  }, // King James Version
  {
    text: 'Do nothing which is of no use.',
    from: 'Miyamoto Musashi, The Book of Five Rings',
  },
  {
    text: 'In the beginner’s mind there are many possibilities, but in the expert’s there are few.',
    from: 'Shunryu Suzuki, Zen Mind, Beginner’s Mind',
  },

  // Renaissance to the eighteenth century
  {
    text: 'The lyf so short, the craft so long to lerne.',
    from: 'Geoffrey Chaucer, The Parliament of Fowls',
  },
  {
    text: 'Iron rusts from disuse; stagnant water loses its purity and in cold weather becomes frozen; even so does inaction sap the vigour of the mind.',
    from: 'Leonardo da Vinci, Notebooks',
  },
  {
    text: 'As a well-spent day brings happy sleep, so a life well spent brings happy death.',
    from: 'Leonardo da Vinci, Notebooks',
  },
  {
    text: 'We know what we are, but know not what we may be.',
    from: 'William Shakespeare, Hamlet',
  },
  {
    text: 'Our doubts are traitors, and make us lose the good we oft might win, by fearing to attempt.',
    from: 'William Shakespeare, Measure for Measure',
  },
  {
    text: 'Wisely and slow; they stumble that run fast.',
    from: 'William Shakespeare, Romeo and Juliet',
  },
  {
    text: 'I wasted time, and now doth time waste me.',
    from: 'William Shakespeare, Richard II',
  },
  {
    text: 'Things won are done; joy’s soul lies in the doing.',
    from: 'William Shakespeare, Troilus and Cressida',
  },
  {
    text: 'Better three hours too soon than a minute too late.',
    from: 'William Shakespeare, The Merry Wives of Windsor',
  },
  { text: 'The readiness is all.', from: 'William Shakespeare, Hamlet' },
  {
    text: 'There is a tide in the affairs of men, which, taken at the flood, leads on to fortune.',
    from: 'William Shakespeare, Julius Caesar',
  },
  { text: 'Action is eloquence.', from: 'William Shakespeare, Coriolanus' },
  { text: 'What’s past is prologue.', from: 'William Shakespeare, The Tempest' },
  { text: 'This above all: to thine own self be true.', from: 'William Shakespeare, Hamlet' },
  {
    text: 'Reading maketh a full man; conference a ready man; and writing an exact man.',
    from: 'Francis Bacon, Of Studies',
  },
  {
    text: 'A wise man will make more opportunities than he finds.',
    from: 'Francis Bacon, Of Ceremonies and Respects',
  },
  {
    text: 'It is not enough to have a good mind; the main thing is to use it well.',
    from: 'René Descartes, Discourse on Method',
  },
  {
    text: 'I have made this longer than usual because I have not had time to make it shorter.',
    from: 'Blaise Pascal, Provincial Letters',
  },
  {
    text: 'All the unhappiness of men arises from one single fact, that they cannot stay quietly in their own chamber.',
    from: 'Blaise Pascal, Pensées',
  }, // 139 (Trotter)
  {
    text: 'All things excellent are as difficult as they are rare.',
    from: 'Baruch Spinoza, Ethics',
  },
  {
    text: 'If I have seen further it is by standing on the shoulders of Giants.',
    from: 'Isaac Newton',
  }, // letter to Robert Hooke, 1675

  // Benjamin Franklin: Poor Richard's Almanack, The Way to Wealth and the Autobiography
  { text: 'Lost time is never found again.', from: 'Benjamin Franklin' },
  {
    text: 'Dost thou love life? Then do not squander time, for that’s the stuff life is made of.',
    from: 'Benjamin Franklin',
  },
  { text: 'Well done is better than well said.', from: 'Benjamin Franklin' },
  {
    text: 'Early to bed and early to rise, makes a man healthy, wealthy, and wise.',
    from: 'Benjamin Franklin',
  },
  { text: 'Have you somewhat to do tomorrow, do it today.', from: 'Benjamin Franklin' },
  { text: 'Diligence is the mother of good luck.', from: 'Benjamin Franklin' },
  { text: 'Little strokes fell great oaks.', from: 'Benjamin Franklin' },
  { text: 'One today is worth two tomorrows.', from: 'Benjamin Franklin' },
  {
    text: 'Plough deep while sluggards sleep, and you shall have corn to sell and to keep.',
    from: 'Benjamin Franklin',
  },
  {
    text: 'Sloth, like rust, consumes faster than labour wears, while the used key is always bright.',
    from: 'Benjamin Franklin',
  },
  { text: 'Remember that time is money.', from: 'Benjamin Franklin' }, // Advice to a Young Tradesman
  { text: 'Drive thy business, let not that drive thee.', from: 'Benjamin Franklin' },
  {
    text: 'If you would not be forgotten as soon as you are dead and rotten, either write things worth reading, or do things worth the writing.',
    from: 'Benjamin Franklin',
  },
  { text: 'There are no gains without pains.', from: 'Benjamin Franklin' },
  { text: 'He that can have patience can have what he will.', from: 'Benjamin Franklin' },
  {
    text: 'He that riseth late must trot all day, and shall scarce overtake his business at night.',
    from: 'Benjamin Franklin',
  },
  { text: 'The sleeping fox catches no poultry.', from: 'Benjamin Franklin' },
  { text: 'Industry need not wish.', from: 'Benjamin Franklin' },
  { text: 'Leisure is time for doing something useful.', from: 'Benjamin Franklin' },
  { text: 'Employ thy time well, if thou meanest to gain leisure.', from: 'Benjamin Franklin' },
  {
    text: 'Hide not your talents, they for use were made. What’s a sundial in the shade?',
    from: 'Benjamin Franklin',
  },
  { text: 'Who is wise? He that learns from every one.', from: 'Benjamin Franklin' },
  { text: '’Tis easier to prevent bad habits than to break them.', from: 'Benjamin Franklin' },
  { text: 'Observe all men; thyself most.', from: 'Benjamin Franklin' },
  {
    text: 'Let all your things have their places; let each part of your business have its time.',
    from: 'Benjamin Franklin',
  }, // Autobiography: Order
  {
    text: 'Resolve to perform what you ought; perform without fail what you resolve.',
    from: 'Benjamin Franklin',
  }, // Autobiography: Resolution
  {
    text: 'Lose no time; be always employed in something useful; cut off all unnecessary actions.',
    from: 'Benjamin Franklin',
  }, // Autobiography: Industry
  {
    text: 'The morning question: What good shall I do this day?',
    from: 'Benjamin Franklin',
  }, // Autobiography: his daily scheme

  {
    text: 'What we hope ever to do with ease, we must learn first to do with diligence.',
    from: 'Samuel Johnson',
  }, // Boswell, Life of Johnson
  {
    text: 'Great works are performed not by strength but by perseverance.',
    from: 'Samuel Johnson, Rasselas',
  },
  { text: 'Few things are impossible to diligence and skill.', from: 'Samuel Johnson, Rasselas' },
  {
    text: 'The diminutive chains of habit are seldom heavy enough to be felt, till they are too strong to be broken.',
    from: 'Samuel Johnson',
  }, // The Vision of Theodore
  {
    text: 'Knowledge is of two kinds. We know a subject ourselves, or we know where we can find information upon it.',
    from: 'Samuel Johnson',
  }, // Boswell, Life of Johnson
  { text: 'The best is the enemy of the good.', from: 'Voltaire' }, // La Bégueule
  {
    text: 'Work keeps at bay three great evils: boredom, vice, and need.',
    from: 'Voltaire, Candide',
  },
  { text: 'We must cultivate our garden.', from: 'Voltaire, Candide' },
  {
    text: 'Knowing is not enough; we must apply. Willing is not enough; we must do.',
    from: 'Johann Wolfgang von Goethe',
  }, // Wilhelm Meister's Journeyman Years
  { text: 'Without haste, but without rest.', from: 'Johann Wolfgang von Goethe' }, // Zahme Xenien
  {
    text: 'Talent develops in quiet places, character in the full current of human life.',
    from: 'Johann Wolfgang von Goethe, Torquato Tasso',
  },
  { text: 'Procrastination is the thief of time.', from: 'Edward Young, Night Thoughts' },
  {
    text: 'The harder the conflict, the more glorious the triumph.',
    from: 'Thomas Paine, The American Crisis',
  },
  {
    text: 'Learning is not attained by chance, it must be sought for with ardor and attended to with diligence.',
    from: 'Abigail Adams',
  }, // letter to John Quincy Adams, 1780
  {
    text: 'Determine never to be idle. No person will have occasion to complain of the want of time who never loses any.',
    from: 'Thomas Jefferson',
  }, // letter to his daughter Martha, 1787

  // The nineteenth century
  { text: 'Nothing great was ever achieved without enthusiasm.', from: 'Ralph Waldo Emerson' }, // Circles
  {
    text: 'A foolish consistency is the hobgoblin of little minds.',
    from: 'Ralph Waldo Emerson',
  }, // Self-Reliance
  {
    text: 'Trust thyself: every heart vibrates to that iron string.',
    from: 'Ralph Waldo Emerson',
  }, // Self-Reliance
  { text: 'Nothing can bring you peace but yourself.', from: 'Ralph Waldo Emerson' }, // Self-Reliance
  { text: 'The reward of a thing well done, is to have done it.', from: 'Ralph Waldo Emerson' }, // New England Reformers
  {
    text: 'Write it on your heart that every day is the best day in the year.',
    from: 'Ralph Waldo Emerson',
  }, // Works and Days
  {
    text: 'He has not learned the lesson of life who does not every day surmount a fear.',
    from: 'Ralph Waldo Emerson',
  }, // Courage
  { text: 'The years teach much which the days never know.', from: 'Ralph Waldo Emerson' }, // Experience
  { text: 'Every artist was first an amateur.', from: 'Ralph Waldo Emerson' }, // Progress of Culture
  { text: 'Hitch your wagon to a star.', from: 'Ralph Waldo Emerson' }, // Civilization
  {
    text: 'Do not be too timid and squeamish about your actions. All life is an experiment. The more experiments you make the better.',
    from: 'Ralph Waldo Emerson',
  }, // Journals, 1842
  {
    text: 'Our chief want in life is somebody who shall make us do what we can.',
    from: 'Ralph Waldo Emerson',
  }, // Considerations by the Way
  {
    text: 'Finish each day and be done with it. You have done what you could; some blunders and absurdities no doubt crept in; forget them as soon as you can.',
    from: 'Ralph Waldo Emerson',
  }, // letter to his daughter Ellen, 1854, as printed by J. E. Cabot
  {
    text: 'It is not enough to be industrious; so are the ants. What are you industrious about?',
    from: 'Henry David Thoreau',
  }, // letter to H. G. O. Blake, 1857
  {
    text: 'If one advances confidently in the direction of his dreams, and endeavors to live the life which he has imagined, he will meet with a success unexpected in common hours.',
    from: 'Henry David Thoreau, Walden',
  },
  {
    text: 'Simplicity, simplicity, simplicity! I say, let your affairs be as two or three, and not a hundred or a thousand.',
    from: 'Henry David Thoreau, Walden',
  },
  {
    text: 'I went to the woods because I wished to live deliberately, to front only the essential facts of life, and see if I could not learn what it had to teach.',
    from: 'Henry David Thoreau, Walden',
  },
  {
    text: 'As if you could kill time without injuring eternity.',
    from: 'Henry David Thoreau, Walden',
  },
  {
    text: 'If you have built castles in the air, your work need not be lost; that is where they should be. Now put the foundations under them.',
    from: 'Henry David Thoreau, Walden',
  },
  {
    text: 'The cost of a thing is the amount of what I will call life which is required to be exchanged for it, immediately or in the long run.',
    from: 'Henry David Thoreau, Walden',
  },
  { text: 'Things do not change; we change.', from: 'Henry David Thoreau, Walden' },
  { text: 'Time is but the stream I go a-fishing in.', from: 'Henry David Thoreau, Walden' },
  {
    text: 'I know of no more encouraging fact than the unquestionable ability of man to elevate his life by a conscious endeavor.',
    from: 'Henry David Thoreau, Walden',
  },
  {
    text: 'Blessed is he who has found his work; let him ask no other blessedness.',
    from: 'Thomas Carlyle, Past and Present',
  },
  {
    text: 'Our grand business undoubtedly is, not to see what lies dimly at a distance, but to do what lies clearly at hand.',
    from: 'Thomas Carlyle',
  }, // Signs of the Times
  {
    text: 'Let us, then, be up and doing, with a heart for any fate; still achieving, still pursuing, learn to labor and to wait.',
    from: 'Henry Wadsworth Longfellow, A Psalm of Life',
  },
  {
    text: 'The heights by great men reached and kept were not attained by sudden flight, but they, while their companions slept, were toiling upward in the night.',
    from: 'Henry Wadsworth Longfellow',
  }, // The Ladder of Saint Augustine
  {
    text: 'To strive, to seek, to find, and not to yield.',
    from: 'Alfred, Lord Tennyson, Ulysses',
  },
  {
    text: 'I am the master of my fate, I am the captain of my soul.',
    from: 'William Ernest Henley, Invictus',
  },
  {
    text: 'If you can fill the unforgiving minute with sixty seconds’ worth of distance run, yours is the Earth and everything that’s in it.',
    from: 'Rudyard Kipling, If—',
  },
  {
    text: 'Ah, but a man’s reach should exceed his grasp, or what’s a heaven for?',
    from: 'Robert Browning, Andrea del Sarto',
  },
  {
    text: 'A little learning is a dangerous thing.',
    from: 'Alexander Pope, An Essay on Criticism',
  },
  { text: 'Forever is composed of nows.', from: 'Emily Dickinson' },
  {
    text: 'Habit is habit, and not to be flung out of the window by any man, but coaxed down-stairs a step at a time.',
    from: 'Mark Twain, Pudd’nhead Wilson',
  },
  {
    text: 'Courage is resistance to fear, mastery of fear — not absence of fear.',
    from: 'Mark Twain, Pudd’nhead Wilson',
  },
  {
    text: 'Put all your eggs in the one basket and — watch that basket.',
    from: 'Mark Twain, Pudd’nhead Wilson',
  },
  {
    text: 'Few things are harder to put up with than the annoyance of a good example.',
    from: 'Mark Twain, Pudd’nhead Wilson',
  },
  {
    text: 'Always do right. This will gratify some people and astonish the rest.',
    from: 'Mark Twain',
  }, // note to the Young People's Society, 1901
  {
    text: 'I could never have done what I have done without the habits of punctuality, order, and diligence, without the determination to concentrate myself on one object at a time.',
    from: 'Charles Dickens, David Copperfield',
  },
  {
    text: 'Never do tomorrow what you can do today. Procrastination is the thief of time. Collar him!',
    from: 'Charles Dickens, David Copperfield',
  }, // Mr Micawber
  {
    text: 'A small daily task, if it be really daily, will beat the labours of a spasmodic Hercules.',
    from: 'Anthony Trollope, An Autobiography',
  },
  {
    text: 'Be regular and orderly in your life, like a bourgeois, so that you may be violent and original in your work.',
    from: 'Gustave Flaubert',
  }, // letter to Gertrude Tennant, 1876
  {
    text: 'The two most powerful warriors are patience and time.',
    from: 'Leo Tolstoy, War and Peace',
  },
  {
    text: 'All human wisdom is contained in these two words: “Wait and hope.”',
    from: 'Alexandre Dumas, The Count of Monte Cristo',
  },
  {
    text: 'I’m not afraid of storms, for I’m learning how to sail my ship.',
    from: 'Louisa May Alcott, Little Women',
  },
  {
    text: 'It has long been an axiom of mine that the little things are infinitely the most important.',
    from: 'Arthur Conan Doyle, A Case of Identity',
  },
  {
    text: 'Begin at the beginning, and go on till you come to the end: then stop.',
    from: 'Lewis Carroll, Alice’s Adventures in Wonderland',
  },
  {
    text: 'Why, sometimes I’ve believed as many as six impossible things before breakfast.',
    from: 'Lewis Carroll, Through the Looking-Glass',
  },
  {
    text: 'To travel hopefully is a better thing than to arrive, and the true success is to labour.',
    from: 'Robert Louis Stevenson, El Dorado',
  },
  {
    text: 'Experience is the name everyone gives to their mistakes.',
    from: 'Oscar Wilde, Lady Windermere’s Fan',
  },
  {
    text: 'Progress is impossible without change, and those who cannot change their minds cannot change anything.',
    from: 'George Bernard Shaw',
  }, // Everybody's Political What's What?, 1944
  {
    text: 'The people who get on in this world are the people who get up and look for the circumstances they want, and, if they can’t find them, make them.',
    from: 'George Bernard Shaw, Mrs Warren’s Profession',
  },
  {
    text: 'Every now and then a man’s mind is stretched by a new idea or sensation, and never shrinks back to its former dimensions.',
    from: 'Oliver Wendell Holmes Sr., The Autocrat of the Breakfast-Table',
  },
  {
    text: 'My experience is what I agree to attend to.',
    from: 'William James, The Principles of Psychology',
  },
  {
    text: 'The art of being wise is the art of knowing what to overlook.',
    from: 'William James, The Principles of Psychology',
  },
  {
    text: 'There is no more miserable human being than one in whom nothing is habitual but indecision.',
    from: 'William James, The Principles of Psychology',
  },
  {
    text: 'Compared with what we ought to be, we are only half awake.',
    from: 'William James, The Energies of Men',
  },
  {
    text: 'Perhaps the most valuable result of all education is the ability to make yourself do the thing you have to do, when it ought to be done, whether you like it or not.',
    from: 'Thomas Henry Huxley, biologist',
  }, // Technical Education, 1877
  {
    text: 'A man who dares to waste one hour of time has not discovered the value of life.',
    from: 'Charles Darwin',
  }, // letter to his sister Susan, 1836
  {
    text: 'In the fields of observation chance favours only the prepared mind.',
    from: 'Louis Pasteur',
  }, // lecture at Lille, 1854
  {
    text: 'Genius is one per cent inspiration and ninety-nine per cent perspiration.',
    from: 'Thomas Edison',
  },
  {
    text: 'One never notices what has been done; one can only see what remains to be done.',
    from: 'Marie Curie',
  }, // letter to her brother, 1894
  {
    text: 'Life is not easy for any of us. But what of that? We must have perseverance and above all confidence in ourselves.',
    from: 'Marie Curie',
  }, // quoted by Eve Curie, Madame Curie
  {
    text: 'Great things are done by a series of small things brought together.',
    from: 'Vincent van Gogh',
  }, // letter to Theo, 1882
  {
    text: 'If you hear a voice within you say “you cannot paint,” then by all means paint, and that voice will be silenced.',
    from: 'Vincent van Gogh',
  }, // letter to Theo, 1883
  {
    text: 'What would life be if we had no courage to attempt anything?',
    from: 'Vincent van Gogh',
  }, // letter to Theo, 1881
  {
    text: 'A self-respecting artist must not fold his hands on the pretext that he is not in the mood.',
    from: 'Pyotr Ilyich Tchaikovsky',
  }, // letter to Nadezhda von Meck, 1878
  {
    text: 'Life can only be understood backwards; but it must be lived forwards.',
    from: 'Søren Kierkegaard',
  }, // Journals, 1843
  {
    text: 'What does not destroy me, makes me stronger.',
    from: 'Friedrich Nietzsche, Twilight of the Idols',
  },
  {
    text: 'He who has a why to live for can bear almost any how.',
    from: 'Friedrich Nietzsche',
  }, // as quoted by Viktor Frankl
  {
    text: 'If there is no struggle, there is no progress.',
    from: 'Frederick Douglass',
  }, // West India Emancipation speech, 1857
  {
    text: 'Success is to be measured not so much by the position that one has reached in life as by the obstacles which he has overcome while trying to succeed.',
    from: 'Booker T. Washington, Up from Slavery',
  },
  {
    text: 'Always bear in mind that your own resolution to succeed is more important than any other one thing.',
    from: 'Abraham Lincoln',
  }, // letter to Isham Reavis, 1855
  { text: 'Work, work, work, is the main thing.', from: 'Abraham Lincoln' }, // letter to John M. Brockman, 1860
  {
    text: 'You wake up in the morning, and lo! your purse is magically filled with twenty-four hours of the unmanufactured tissue of the universe of your life!',
    from: 'Arnold Bennett, How to Live on 24 Hours a Day',
  },

  // The twentieth century: leaders, scientists, writers and artists
  {
    text: 'The credit belongs to the man who is actually in the arena, whose face is marred by dust and sweat and blood.',
    from: 'Theodore Roosevelt',
  }, // Citizenship in a Republic, 1910
  {
    text: 'Far and away the best prize that life offers is the chance to work hard at work worth doing.',
    from: 'Theodore Roosevelt',
  }, // Labor Day address, 1903
  {
    text: 'Nothing in this world is worth having or worth doing unless it means effort, pain, difficulty.',
    from: 'Theodore Roosevelt',
  }, // American Ideals in Education, 1910
  {
    text: 'Never give in, never give in, never, never, never, never — in nothing, great or small, large or petty — never give in except to convictions of honour and good sense.',
    from: 'Winston Churchill',
  }, // Harrow School, 1941
  { text: 'The price of greatness is responsibility.', from: 'Winston Churchill' }, // Harvard, 1943
  {
    text: 'Now this is not the end. It is not even the beginning of the end. But it is, perhaps, the end of the beginning.',
    from: 'Winston Churchill',
  }, // Mansion House, 1942
  {
    text: 'We choose to go to the moon in this decade and do the other things, not because they are easy, but because they are hard.',
    from: 'John F. Kennedy',
  }, // Rice University, 1962
  {
    text: 'Leadership and learning are indispensable to each other.',
    from: 'John F. Kennedy',
  }, // remarks prepared for Dallas, 1963
  { text: 'Plans are worthless, but planning is everything.', from: 'Dwight D. Eisenhower' }, // 1957
  {
    text: 'A good plan violently executed now is better than a perfect plan executed next week.',
    from: 'George S. Patton, War As I Knew It',
  },
  {
    text: 'If you can’t fly then run, if you can’t run then walk, if you can’t walk then crawl, but whatever you do you have to keep moving forward.',
    from: 'Martin Luther King Jr.',
  }, // Spelman College, 1960
  { text: 'The time is always right to do what is right.', from: 'Martin Luther King Jr.' }, // Oberlin College, 1964
  {
    text: 'If a man is called to be a street sweeper, he should sweep streets even as Michelangelo painted, or Beethoven composed music, or Shakespeare wrote poetry.',
    from: 'Martin Luther King Jr.',
  },
  {
    text: 'I learned that courage was not the absence of fear, but the triumph over it.',
    from: 'Nelson Mandela, Long Walk to Freedom',
  },
  {
    text: 'After climbing a great hill, one only finds that there are many more hills to climb.',
    from: 'Nelson Mandela, Long Walk to Freedom',
  },
  {
    text: 'Education is the most powerful weapon which you can use to change the world.',
    from: 'Nelson Mandela',
  }, // Mindset Network launch, 2003
  {
    text: 'You must do the thing you think you cannot do.',
    from: 'Eleanor Roosevelt, You Learn by Living',
  },
  { text: 'Life is either a daring adventure or nothing.', from: 'Helen Keller' }, // The Open Door
  {
    text: 'Optimism is the faith that leads to achievement. Nothing can be done without hope and confidence.',
    from: 'Helen Keller, Optimism',
  },
  {
    text: 'Although the world is full of suffering, it is full also of the overcoming of it.',
    from: 'Helen Keller, Optimism',
  },
  { text: 'Courage is the price that life exacts for granting peace.', from: 'Amelia Earhart' }, // Courage, 1927
  {
    text: 'Imagination is more important than knowledge.',
    from: 'Albert Einstein',
  }, // Saturday Evening Post interview, 1929
  {
    text: 'Life is like riding a bicycle. To keep your balance you must keep moving.',
    from: 'Albert Einstein',
  }, // letter to his son Eduard, 1930
  {
    text: 'The important thing is not to stop questioning. Curiosity has its own reason for existing.',
    from: 'Albert Einstein',
  }, // LIFE, 1955
  { text: 'I have no special talents. I am only passionately curious.', from: 'Albert Einstein' }, // letter to Carl Seelig, 1952
  {
    text: 'Try not to become a man of success, but rather try to become a man of value.',
    from: 'Albert Einstein',
  }, // LIFE, 1955
  {
    text: 'Civilization advances by extending the number of important operations which we can perform without thinking about them.',
    from: 'Alfred North Whitehead, An Introduction to Mathematics',
  },
  {
    text: 'The first principle is that you must not fool yourself — and you are the easiest person to fool.',
    from: 'Richard Feynman',
  }, // Cargo Cult Science, 1974
  { text: 'What I cannot create, I do not understand.', from: 'Richard Feynman' }, // his blackboard, 1988
  {
    text: 'If you do not work on an important problem, it’s unlikely you’ll do important work.',
    from: 'Richard Hamming, mathematician',
  }, // You and Your Research, 1986
  {
    text: 'A wealth of information creates a poverty of attention.',
    from: 'Herbert A. Simon, economist',
  }, // 1971
  {
    text: 'I suppose it is tempting, if the only tool you have is a hammer, to treat everything as if it were a nail.',
    from: 'Abraham Maslow, The Psychology of Science',
  },
  {
    text: 'Work expands so as to fill the time available for its completion.',
    from: 'C. Northcote Parkinson',
  }, // The Economist, 1955
  {
    text: 'It always takes longer than you expect, even when you take into account Hofstadter’s Law.',
    from: 'Douglas Hofstadter, Gödel, Escher, Bach',
  },
  {
    text: 'Adding manpower to a late software project makes it later.',
    from: 'Fred Brooks, The Mythical Man-Month',
  },
  {
    text: 'How does a project get to be a year late? One day at a time.',
    from: 'Fred Brooks, The Mythical Man-Month',
  },
  {
    text: 'We should forget about small efficiencies, say about 97% of the time: premature optimization is the root of all evil.',
    from: 'Donald Knuth, computer scientist',
  }, // Structured Programming with go to Statements, 1974
  { text: 'Simplicity is prerequisite for reliability.', from: 'Edsger W. Dijkstra' }, // EWD498
  {
    text: 'The best way to predict the future is to invent it.',
    from: 'Alan Kay, computer scientist',
  },
  {
    text: 'It’s easier to ask forgiveness than it is to get permission.',
    from: 'Grace Hopper, computer scientist',
  },
  { text: 'Talk is cheap. Show me the code.', from: 'Linus Torvalds' }, // linux-kernel mailing list, 2000
  {
    text: 'Failure is only the opportunity more intelligently to begin again.',
    from: 'Henry Ford, My Life and Work',
  },
  {
    text: 'Experience is not what happens to a man; it is what a man does with what happens to him.',
    from: 'Aldous Huxley',
  }, // Texts and Pretexts
  {
    text: 'One of the symptoms of an approaching nervous breakdown is the belief that one’s work is terribly important.',
    from: 'Bertrand Russell, The Conquest of Happiness',
  },
  {
    text: 'Attention is the rarest and purest form of generosity.',
    from: 'Simone Weil',
  }, // letter to Joë Bousquet, 1942
  {
    text: 'Everything can be taken from a man but one thing: the last of the human freedoms — to choose one’s attitude in any given set of circumstances, to choose one’s own way.',
    from: 'Viktor Frankl, Man’s Search for Meaning',
  },
  {
    text: 'Courage is not simply one of the virtues, but the form of every virtue at the testing point.',
    from: 'C. S. Lewis, The Screwtape Letters',
  },
  {
    text: 'The future is something which everyone reaches at the rate of sixty minutes an hour, whatever he does, whoever he is.',
    from: 'C. S. Lewis, The Screwtape Letters',
  },
  {
    text: 'All we have to decide is what to do with the time that is given us.',
    from: 'J. R. R. Tolkien, The Fellowship of the Ring',
  },
  {
    text: 'Short cuts make long delays.',
    from: 'J. R. R. Tolkien, The Fellowship of the Ring',
  },
  {
    text: 'Perfection is achieved, not when there is nothing more to add, but when there is nothing left to take away.',
    from: 'Antoine de Saint-Exupéry, Wind, Sand and Stars',
  },
  {
    text: 'In the depths of winter, I finally learned that within me there lay an invincible summer.',
    from: 'Albert Camus, Return to Tipasa',
  },
  {
    text: 'Be patient toward all that is unsolved in your heart and try to love the questions themselves.',
    from: 'Rainer Maria Rilke, Letters to a Young Poet',
  },
  { text: 'Work is love made visible.', from: 'Kahlil Gibran, The Prophet' },
  {
    text: 'The more constraints one imposes, the more one frees one’s self of the chains that shackle the spirit.',
    from: 'Igor Stravinsky, Poetics of Music',
  },
  {
    text: 'The best way out is always through.',
    from: 'Robert Frost, A Servant to Servants',
  },
  {
    text: 'In three words I can sum up everything I’ve learned about life: it goes on.',
    from: 'Robert Frost',
  }, // interview, 1954
  {
    text: 'Hold fast to dreams, for if dreams die, life is a broken-winged bird that cannot fly.',
    from: 'Langston Hughes, Dreams',
  },
  {
    text: 'Ever tried. Ever failed. No matter. Try again. Fail again. Fail better.',
    from: 'Samuel Beckett, Worstward Ho',
  },
  {
    text: 'I always worked until I had something done and I always stopped when I knew what was going to happen next.',
    from: 'Ernest Hemingway, A Moveable Feast',
  },
  {
    text: 'Abandon the idea that you are ever going to finish. Lose track of the 400 pages and write just one page for each day, it helps.',
    from: 'John Steinbeck',
  }, // The Paris Review, 1975
  { text: 'When you can’t create you can work.', from: 'Henry Miller' }, // his Commandments, 1932
  {
    text: 'You can’t wait for inspiration. You have to go after it with a club.',
    from: 'Jack London',
  }, // Getting Into Print, 1903
  {
    text: 'I arise in the morning torn between a desire to improve the world and a desire to enjoy the world. This makes it hard to plan the day.',
    from: 'E. B. White',
  }, // The New York Times, 1969
  {
    text: 'Life is what happens to us while we are making other plans.',
    from: 'Allen Saunders, cartoonist',
  }, // Reader's Digest, 1957
  {
    text: 'We are what we pretend to be, so we must be careful about what we pretend to be.',
    from: 'Kurt Vonnegut, Mother Night',
  },
  {
    text: 'It is good to have an end to journey toward; but it is the journey that matters, in the end.',
    from: 'Ursula K. Le Guin, The Left Hand of Darkness',
  },
  { text: 'I must not fear. Fear is the mind-killer.', from: 'Frank Herbert, Dune' },
  {
    text: 'The place to improve the world is first in one’s own heart and head and hands.',
    from: 'Robert M. Pirsig, Zen and the Art of Motorcycle Maintenance',
  },
  {
    text: 'You have brains in your head. You have feet in your shoes. You can steer yourself any direction you choose.',
    from: 'Dr. Seuss, Oh, the Places You’ll Go!',
  },
  {
    text: 'I love deadlines. I like the whooshing sound they make as they fly by.',
    from: 'Douglas Adams',
  },
  {
    text: 'Writing is like driving at night in the fog. You can only see as far as your headlights, but you can make the whole trip that way.',
    from: 'E. L. Doctorow',
  }, // The Paris Review, 1986
  {
    text: 'If there’s a book that you want to read, but it hasn’t been written yet, then you must write it.',
    from: 'Toni Morrison',
  }, // speech, 1981
  {
    text: 'First forget inspiration. Habit is more dependable. Habit will sustain you whether you’re inspired or not.',
    from: 'Octavia E. Butler',
  }, // Furor Scribendi
  {
    text: 'Everything in life is writable about if you have the outgoing guts to do it, and the imagination to improvise. The worst enemy to creativity is self-doubt.',
    from: 'Sylvia Plath, Journals',
  },
  {
    text: 'You can’t use up creativity. The more you use, the more you have.',
    from: 'Maya Angelou',
  }, // Bell Telephone Magazine, 1982
  {
    text: 'If you don’t like something, change it. If you can’t change it, change your attitude.',
    from: 'Maya Angelou',
  }, // Wouldn't Take Nothing for My Journey Now
  {
    text: 'Courage is the most important of all the virtues because without courage, you can’t practice any other virtue consistently.',
    from: 'Maya Angelou',
  }, // USA Today, 1988
  {
    text: 'Tell me, what is it you plan to do with your one wild and precious life?',
    from: 'Mary Oliver, The Summer Day',
  },
  { text: 'Attention is the beginning of devotion.', from: 'Mary Oliver, Upstream' },
  {
    text: 'How we spend our days is, of course, how we spend our lives.',
    from: 'Annie Dillard, The Writing Life',
  },
  {
    text: 'Almost all good writing begins with terrible first efforts.',
    from: 'Anne Lamott, Bird by Bird',
  },
  { text: 'Bird by bird, buddy. Just take it bird by bird.', from: 'Anne Lamott, Bird by Bird' },
  {
    text: 'Perfectionism is the voice of the oppressor, the enemy of the people.',
    from: 'Anne Lamott, Bird by Bird',
  },
  {
    text: 'If you don’t have time to read, you don’t have the time (or the tools) to write. Simple as that.',
    from: 'Stephen King, On Writing',
  },
  {
    text: 'Inspiration is for amateurs — the rest of us just show up and get to work.',
    from: 'Chuck Close, painter',
  },
  {
    text: 'Creativity is a habit, and the best creativity is the result of good work habits.',
    from: 'Twyla Tharp, The Creative Habit',
  },
  { text: 'Less, but better.', from: 'Dieter Rams, designer' },
  {
    text: 'It is only by going through a volume of work that you will close that gap, and your work will be as good as your ambitions.',
    from: 'Ira Glass, radio host',
  },
  { text: 'Make good art.', from: 'Neil Gaiman' }, // University of the Arts commencement, 2012
  {
    text: 'It is our choices, Harry, that show what we truly are, far more than our abilities.',
    from: 'J. K. Rowling, Harry Potter and the Chamber of Secrets',
  },
  {
    text: 'It is impossible to live without failing at something, unless you live so cautiously that you might as well not have lived at all — in which case, you fail by default.',
    from: 'J. K. Rowling',
  }, // Harvard commencement, 2008
  {
    text: 'Rock bottom became the solid foundation on which I rebuilt my life.',
    from: 'J. K. Rowling',
  }, // Harvard commencement, 2008
  {
    text: 'When you want something, all the universe conspires in helping you to achieve it.',
    from: 'Paulo Coelho, The Alchemist',
  },
  {
    text: 'The best moments usually occur when a person’s body or mind is stretched to its limits in a voluntary effort to accomplish something difficult and worthwhile.',
    from: 'Mihaly Csikszentmihalyi, Flow',
  },
  {
    text: 'Nothing in life is as important as you think it is, while you are thinking about it.',
    from: 'Daniel Kahneman, Thinking, Fast and Slow',
  },

  // Work, management and habits
  {
    text: 'There is surely nothing quite so useless as doing with great efficiency what should not be done at all.',
    from: 'Peter Drucker, management writer',
  }, // Harvard Business Review, 1963
  {
    text: 'Effective executives do first things first and they do one thing at a time.',
    from: 'Peter Drucker, The Effective Executive',
  },
  {
    text: 'Time is the scarcest resource, and unless it is managed nothing else can be managed.',
    from: 'Peter Drucker, The Effective Executive',
  },
  {
    text: 'The key is not to prioritize what’s on your schedule, but to schedule your priorities.',
    from: 'Stephen R. Covey, The 7 Habits of Highly Effective People',
  },
  {
    text: 'Begin with the end in mind.',
    from: 'Stephen R. Covey, The 7 Habits of Highly Effective People',
  },
  {
    text: 'Most people do not listen with the intent to understand; they listen with the intent to reply.',
    from: 'Stephen R. Covey, The 7 Habits of Highly Effective People',
  },
  {
    text: 'The main thing is to keep the main thing the main thing.',
    from: 'Stephen R. Covey, First Things First',
  },
  {
    text: 'You can do anything, but not everything.',
    from: 'David Allen, productivity consultant',
  },
  {
    text: 'You do not rise to the level of your goals. You fall to the level of your systems.',
    from: 'James Clear, Atomic Habits',
  },
  {
    text: 'Every action you take is a vote for the type of person you wish to become.',
    from: 'James Clear, Atomic Habits',
  },
  {
    text: 'Habits are the compound interest of self-improvement.',
    from: 'James Clear, Atomic Habits',
  },
  { text: 'Enthusiasm is common. Endurance is rare.', from: 'Angela Duckworth, Grit' },
  { text: 'Becoming is better than being.', from: 'Carol S. Dweck, Mindset' },
  {
    text: 'If you don’t prioritize your life, someone else will.',
    from: 'Greg McKeown, Essentialism',
  },
  { text: 'Good is the enemy of great.', from: 'Jim Collins, Good to Great' },
  {
    text: 'Being busy is a form of laziness — lazy thinking and indiscriminate action.',
    from: 'Tim Ferriss, The 4-Hour Workweek',
  },
  { text: 'Pain + Reflection = Progress', from: 'Ray Dalio, Principles' },
  {
    text: 'Spend each day trying to be a little wiser than you were when you woke up.',
    from: 'Charlie Munger, investor',
  }, // USC Law commencement, 2007
  {
    text: 'A single meeting can blow a whole afternoon, by breaking it into two pieces each too small to do anything hard in.',
    from: 'Paul Graham, Maker’s Schedule, Manager’s Schedule',
  },
  {
    text: 'If you are not embarrassed by the first version of your product, you’ve launched too late.',
    from: 'Reid Hoffman, entrepreneur',
  },
  { text: 'The only way to do great work is to love what you do.', from: 'Steve Jobs' }, // Stanford, 2005
  {
    text: 'You can’t connect the dots looking forward; you can only connect them looking backwards.',
    from: 'Steve Jobs',
  }, // Stanford, 2005
  {
    text: 'People think focus means saying yes to the thing you’ve got to focus on. But that’s not what it means at all. It means saying no to the hundred other good ideas that there are.',
    from: 'Steve Jobs',
  }, // Worldwide Developers Conference, 1997
  { text: 'Real artists ship.', from: 'Steve Jobs' }, // 1983, per Andy Hertzfeld
  {
    text: 'Change will not come if we wait for some other person or some other time. We are the ones we’ve been waiting for.',
    from: 'Barack Obama',
  }, // 5 February 2008
  {
    text: 'If you want to change the world, start off by making your bed.',
    from: 'William H. McRaven, admiral',
  }, // University of Texas commencement, 2014
  {
    text: 'The brick walls are there for a reason. The brick walls are not there to keep us out. The brick walls are there to give us a chance to show how badly we want something.',
    from: 'Randy Pausch, The Last Lecture',
  },
  {
    text: 'Experience is what you get when you didn’t get what you wanted.',
    from: 'Randy Pausch, The Last Lecture',
  },
  {
    text: 'If you work really hard, and you’re kind, amazing things will happen.',
    from: 'Conan O’Brien',
  }, // last Tonight Show, 2010
  { text: 'Be so good they can’t ignore you.', from: 'Steve Martin' }, // Charlie Rose, 2007
  { text: 'Eighty percent of success is showing up.', from: 'Woody Allen' },

  // Sport
  { text: 'You miss 100% of the shots you don’t take.', from: 'Wayne Gretzky' },
  {
    text: 'I’ve failed over and over and over again in my life. And that is why I succeed.',
    from: 'Michael Jordan',
  }, // Nike, 1997
  { text: 'Be quick, but don’t hurry.', from: 'John Wooden, basketball coach' },
  {
    text: 'Don’t let what you cannot do interfere with what you can do.',
    from: 'John Wooden, basketball coach',
  },
  { text: 'Pressure is a privilege.', from: 'Billie Jean King' },
];
