/** Texts of the "Send suggestion" button and dialog (shared by the shell's button and the lazy dialog). */
export const SUGGESTION_TEXT = {
  en: { open: 'Send suggestion', title: 'Send a suggestion', content: 'Your suggestion', picture: 'Screenshot (optional)', choose: 'Choose a picture', send: 'Send', sent: 'Thank you, your suggestion was sent', empty: 'Please write your suggestion' },
  zh: { open: '提交建议', title: '提交建议', content: '您的建议', picture: '截图（可选）', choose: '选择图片', send: '提交', sent: '感谢您的建议，已提交', empty: '请填写建议内容' },
  ja: { open: '提案を送る', title: '提案を送る', content: 'ご提案', picture: 'スクリーンショット（任意）', choose: '画像を選択', send: '送信', sent: 'ご提案を送信しました。ありがとうございます', empty: '提案内容を入力してください' },
} as const;
