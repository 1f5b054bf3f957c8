/**
 * The learner's language, read from what they wrote: Hindi in Devanagari, Hinglish (Hindi in Latin
 * letters), or English. Kattappa's fixed phrases have a version for each; with a model, the model
 * is told to answer in the same language.
 */
export type Voice = "en" | "hi" | "hinglish";

/** Common Hindi words as written in Latin letters; English words that look alike are left out ("to", "me", "hi"). */
export const HINGLISH = new Set<string>(
  "kya kyu kyun kyon kaise kaisa kaisi kahan kab kaun hai hain hota hoti hote nahi nahin nhi mera meri mere mujhe muje humko hum tum aap apna apni karna karo karu karun kar raha rahi rahe samajh samjh samjhao samjha batao bata bataiye chahiye chalta chal kuch koi yeh ye woh wo aur lekin matlab galti gaya gayi diya liya wala wali accha acha theek thik sahi jab tab phir fir bhai yaar kaam dikhao likhna likho padhna padhu seekhna sikhna kyunki isme usme iska uska".split(
    " ",
  ),
);

export function detectVoice(text: string): Voice {
  const letters = text.match(/\p{L}/gu) ?? [];
  const devanagari = text.match(/\p{Script=Devanagari}/gu) ?? [];
  if (devanagari.length > 0 && devanagari.length >= letters.length * 0.3) return "hi";
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  const hindi = words.filter((w) => HINGLISH.has(w));
  // Two Hindi words, or one in a very short question ("kya hai recursion").
  if (hindi.length >= 2 || (hindi.length === 1 && words.length <= 3 && words.length > 1)) return "hinglish";
  return "en";
}

/** The instruction a model gets to answer in the learner's language. */
export const VOICE_INSTRUCTION: Record<Voice, string | undefined> = {
  en: undefined,
  hi: "The learner writes in Hindi (Devanagari). Answer in Hindi, in Devanagari script; keep code, keywords, class and method names and error messages exactly as they are, in English.",
  hinglish:
    "The learner writes in Hinglish (Hindi in Latin letters). Answer in the same Hinglish, in Latin letters; keep code, keywords, class and method names and error messages exactly as they are.",
};

export interface Phrases {
  greeting: string;
  notFound: string;
  premium: (lesson: string) => string;
  lockedLesson: (lesson: string, section: string) => string;
  fromLesson: (lesson: string, section: string) => string;
  readWhole: string;
  seeAlso: string;
  explain: {
    line: (n: number) => string;
    /** The error named no line; this one uses what it names. */
    likelyLine: (n: number) => string;
    noLine: string;
    means: string;
    next: string;
    read: string;
    unknown: string;
    otherLanguage: (found: string, selected: string) => string;
  };
  hint: {
    intro: string;
    question: string;
    replaced: string;
  };
}

export const PHRASES: Record<Voice, Phrases> = {
  en: {
    greeting:
      "Greetings, warrior! Ask me about any topic from our courses (loops, classes, streams, SQL joins, React hooks, Big-O...) and I will point you to the lesson that explains it.",
    notFound:
      "I searched every scroll in the royal library and found nothing on that. Try naming the concept (for example: recursion, HashMap, closures, git merge) and I will find the lesson for you.",
    premium: (lesson) => `To go deeper, the premium lesson ${lesson} covers this too.`,
    lockedLesson: (lesson, section) =>
      `That is taught in ${lesson}, section *${section}*: a premium lesson. Unlock premium to read it, or ask me about a free topic.`,
    fromLesson: (lesson, section) => `From ${lesson}, section *${section}*:`,
    readWhole: "Read the whole lesson on its course page.",
    seeAlso: "See also:",
    explain: {
      line: (n) => `**Line ${n}** is where it happened:`,
      likelyLine: (n) =>
        `**Line ${n}** is most likely where it happened (the first line that uses what the message names):`,
      noLine: "The message does not name a line of your code; start reading from the top of the message.",
      means: "What it means:",
      next: "What to look at:",
      read: "Read:",
      unknown:
        "I do not know this message by heart. Read it from the top: the first line names the problem, the line number where it happened.",
      otherLanguage: (found, selected) =>
        `This looks like a ${found} error, though the editor is set to ${selected}; I read it as ${found}.`,
    },
    hint: {
      intro: "Here is the hint you have unlocked for this trial:",
      question:
        "Let us think it through together instead: what should your program do with the smallest input, and what does it do now? Write that case out by hand, then compare it with your code line by line.",
      replaced: "I will not hand you the finished solution before you unlock it; it is your victory to win.",
    },
  },
  hi: {
    greeting:
      "प्रणाम, योद्धा! हमारे पाठ्यक्रमों के किसी भी विषय के बारे में पूछो (loops, classes, streams, SQL joins, React hooks, Big-O...), मैं तुम्हें वह पाठ दिखाऊँगा जो उसे समझाता है।",
    notFound:
      "मैंने शाही पुस्तकालय की हर पोथी खोजी, पर इस पर कुछ नहीं मिला। विषय का नाम लिखकर पूछो (जैसे: recursion, HashMap, closures, git merge), मैं तुम्हारे लिए पाठ ढूँढ दूँगा।",
    premium: (lesson) => `और गहराई से सीखने के लिए, प्रीमियम पाठ ${lesson} भी यही सिखाता है।`,
    lockedLesson: (lesson, section) =>
      `यह ${lesson} के भाग *${section}* में पढ़ाया गया है: यह एक प्रीमियम पाठ है। इसे पढ़ने के लिए प्रीमियम लो, या किसी मुफ़्त विषय के बारे में पूछो।`,
    fromLesson: (lesson, section) => `${lesson}, भाग *${section}* से:`,
    readWhole: "पूरा पाठ उसके कोर्स पेज पर पढ़ो।",
    seeAlso: "यह भी देखो:",
    explain: {
      line: (n) => `**पंक्ति ${n}** पर यह हुआ:`,
      likelyLine: (n) => `**पंक्ति ${n}** पर शायद यह हुआ (वह पहली पंक्ति जो संदेश में बताया नाम इस्तेमाल करती है):`,
      noLine: "संदेश तुम्हारे कोड की कोई पंक्ति नहीं बताता; संदेश को ऊपर से पढ़ना शुरू करो।",
      means: "इसका मतलब:",
      next: "क्या देखें:",
      read: "पढ़ो:",
      unknown: "यह संदेश मुझे याद नहीं है। इसे ऊपर से पढ़ो: पहली पंक्ति समस्या बताती है, और पंक्ति संख्या बताती है कि वह कहाँ हुई।",
      otherLanguage: (found, selected) =>
        `यह ${found} की error लगती है, जबकि editor में ${selected} चुनी है; मैंने इसे ${found} की तरह पढ़ा।`,
    },
    hint: {
      intro: "इस trial के लिए तुमने जो संकेत खोला है, वह यह है:",
      question:
        "चलो साथ में सोचें: सबसे छोटे input पर तुम्हारे program को क्या करना चाहिए, और अभी वह क्या करता है? उसे हाथ से लिखो, फिर अपने कोड से पंक्ति-दर-पंक्ति मिलाओ।",
      replaced: "हल खोलने से पहले मैं तुम्हें पूरा हल नहीं दूँगा; यह जीत तुम्हारी अपनी होनी चाहिए।",
    },
  },
  hinglish: {
    greeting:
      "Pranam, yoddha! Hamare courses ke kisi bhi topic ke baare mein poochho (loops, classes, streams, SQL joins, React hooks, Big-O...), main tumhe woh lesson dikhaunga jo use samjhata hai.",
    notFound:
      "Maine shahi library ki har pothi dhoondh li, par is par kuch nahi mila. Concept ka naam likh kar poochho (jaise: recursion, HashMap, closures, git merge), main tumhare liye lesson dhoondh dunga.",
    premium: (lesson) => `Aur gehraai se seekhne ke liye, premium lesson ${lesson} bhi yahi sikhata hai.`,
    lockedLesson: (lesson, section) =>
      `Yeh ${lesson} ke section *${section}* mein padhaya gaya hai: yeh premium lesson hai. Padhne ke liye premium lo, ya kisi free topic ke baare mein poochho.`,
    fromLesson: (lesson, section) => `${lesson}, section *${section}* se:`,
    readWhole: "Poora lesson uske course page par padho.",
    seeAlso: "Yeh bhi dekho:",
    explain: {
      line: (n) => `**Line ${n}** par yeh hua:`,
      likelyLine: (n) => `**Line ${n}** par shayad yeh hua (pehli line jo message mein diya naam use karti hai):`,
      noLine: "Message tumhare code ki koi line nahi batata; message ko upar se padhna shuru karo.",
      means: "Iska matlab:",
      next: "Kya dekhna hai:",
      read: "Padho:",
      unknown:
        "Yeh message mujhe yaad nahi hai. Ise upar se padho: pehli line problem batati hai, aur line number batata hai ki woh kahan hui.",
      otherLanguage: (found, selected) =>
        `Yeh ${found} ki error lagti hai, jabki editor mein ${selected} chuni hai; maine ise ${found} ki tarah padha.`,
    },
    hint: {
      intro: "Is trial ke liye tumne jo hint khola hai, woh yeh hai:",
      question:
        "Chalo saath mein sochte hain: sabse chhote input par tumhare program ko kya karna chahiye, aur abhi woh kya karta hai? Use haath se likho, phir apne code se line-by-line milao.",
      replaced: "Solution kholne se pehle main tumhe poora solution nahi dunga; yeh jeet tumhari apni honi chahiye.",
    },
  },
};
